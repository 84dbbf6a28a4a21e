/** Current time as the ISO 8601 UTC string stored in every timestamp column. */
export const nowIso = (): string => new Date().toISOString();

/** ISO string for a moment `ms` milliseconds from now (negative for the past). */
export const isoIn = (ms: number): string => new Date(Date.now() + ms).toISOString();
