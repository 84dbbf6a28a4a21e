/** Current time as the ISO 8601 UTC string stored in every timestamp column. */
export const nowIso = (): string => new Date().toISOString();

/** ISO string for a moment `ms` milliseconds from now (negative for the past). */
export const isoIn = (ms: number): string => new Date(Date.now() + ms).toISOString();

/**
 * The time as services read it (`Deps.clock`): modules never read the process clock themselves
 * (lint rule `arbor/clock-from-deps`), so tests may hand in a fixed or advancing one.
 */
export interface Clock {
  now(): Date;
  /** milliseconds since the epoch, as `Date.now()` */
  nowMs(): number;
  nowIso(): string;
  isoIn(ms: number): string;
}

export const systemClock: Clock = { now: () => new Date(), nowMs: () => Date.now(), nowIso, isoIn };
