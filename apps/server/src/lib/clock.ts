/** Current time as the ISO 8601 UTC string stored in every timestamp column. */
export const nowIso = (): string => new Date().toISOString();

/** ISO string for a moment `ms` milliseconds from now (negative for the past). */
export const isoIn = (ms: number): string => new Date(Date.now() + ms).toISOString();

/** The time as services read it (`Deps.clock`); tests may hand in a fixed one. */
export interface Clock {
  now(): Date;
  nowIso(): string;
  isoIn(ms: number): string;
}

export const systemClock: Clock = { now: () => new Date(), nowIso, isoIn };
