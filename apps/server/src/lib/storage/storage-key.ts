/** Server-generated keys only: lower-case path segments and an image extension, never `..` or user text. */
export const isStorageKey = (key: string) => /^[a-z0-9-]+(\/[a-z0-9-]+)*\.(webp|png|jpg|gif)$/.test(key);
