/**
 * Server-generated keys only: lower-case path segments and an extension, never `..` or user text. Images,
 * and `apkg` for an Anki package waiting for its import job (never served: `/media/` serves images only).
 */
export const isStorageKey = (key: string) => /^[a-z0-9-]+(\/[a-z0-9-]+)*\.(webp|png|jpg|gif|apkg)$/.test(key);
