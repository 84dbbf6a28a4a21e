/** How the memory view draws retention (UI.md "Memory view"): pure, so the canvas can memoise it. */

export type MemoryTone = 'good' | 'fading' | 'weak';

/** Under this the node is red whatever the learner's target. */
export const WEAK_RETENTION = 0.7;

/** green at or above the learner's target, amber below it, red under 0.7 */
export function memoryTone(retention: number, target: number): MemoryTone {
  if (retention < WEAK_RETENTION) return 'weak';
  return retention >= target ? 'good' : 'fading';
}

/** The tones as CSS colours (the ring fill, the whole-canvas tint and the overview). */
export const TONE_COLORS: Record<MemoryTone, string> = {
  good: 'var(--mantine-color-teal-6)',
  fading: 'var(--mantine-color-yellow-6)',
  weak: 'var(--mantine-color-red-6)',
};

/** Retention as a whole percent, never showing 100 % for a memory that is not certain. */
export const retentionPercent = (retention: number): number =>
  Math.min(retention < 1 ? 99 : 100, Math.round(retention * 100));

const DAY_MS = 86_400_000;

/** Whole days from `from` to `to` (ISO timestamps or dates), never negative. */
export function daysBetween(from: string | Date, to: string | Date): number {
  const a = typeof from === 'string' ? Date.parse(from) : from.getTime();
  const b = typeof to === 'string' ? Date.parse(to) : to.getTime();
  return Math.max(0, Math.round((b - a) / DAY_MS));
}

/** The local calendar date `days` after `from`, as YYYY-MM-DD. */
export function isoDateAfter(from: Date, days: number): string {
  const d = new Date(from.getFullYear(), from.getMonth(), from.getDate() + days);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** The slider's stops, in days ahead: today, then the horizons a learner thinks in. */
export const HORIZONS = [0, 1, 3, 7, 14, 30, 60, 90, 180, 365] as const;

/**
 * The next review of a node as days from now, from its memory entry: the date its retention falls to
 * the target, i.e. `stability × ((target^(1/DECAY) − 1) / FACTOR)` after the last review (ts-fsrs's
 * forgetting curve, FSRS-6 default decay); null without a review.
 */
export function nextReviewInDays(
  entry: { stability_days: number | null; last_review: string | null },
  target: number,
  now: Date,
): number | null {
  if (entry.stability_days === null || entry.last_review === null) return null;
  const decay = -0.1542;
  const factor = Math.pow(0.9, 1 / decay) - 1;
  const interval = (entry.stability_days / factor) * (Math.pow(target, 1 / decay) - 1);
  const due = Date.parse(entry.last_review) + interval * DAY_MS;
  return Math.max(0, Math.round((due - now.getTime()) / DAY_MS));
}
