// Load balancing and easy days (API.md "Memory on the tree", after Anki 24.11): a review's due day is
// the least loaded day of ts-fsrs's fuzz range for its interval, avoiding the learner's easy days when
// the range has another day.
import { get_fuzz_range } from 'ts-fsrs';
import type { Executor } from '../../db/connection.ts';
import { countDueInRanges } from './cards.repository.ts';
import { addDays, localDay, startOfLocalDay, weekdayOf } from './local-days.ts';
import type { StoredSettings } from './settings.service.ts';

const DAY_MS = 86_400_000;

/** ts-fsrs fuzzes intervals from this many days on (`apply_fuzz`); shorter ones are never moved. */
const FUZZED_FROM = 2.5;

/**
 * The interval in days (within ts-fsrs's fuzz range of `interval`, the unfuzzed one) whose local due
 * day has the fewest of the learner's due cards, outside their easy days when the range has such a day;
 * ties: the earliest. Null when the interval is not fuzzed (nothing to balance).
 */
export async function balancedInterval(
  db: Executor,
  userId: number,
  settings: Pick<StoredSettings, 'timezone' | 'maximum_interval' | 'easy_days'>,
  at: Date,
  interval: number,
  elapsedDays: number,
): Promise<number | null> {
  if (interval < FUZZED_FROM) return null;
  const { min_ivl, max_ivl } = get_fuzz_range(interval, elapsedDays, settings.maximum_interval);
  const candidates = Array.from({ length: max_ivl - min_ivl + 1 }, (_, index) => min_ivl + index);
  const days = candidates.map((ivl) => localDay(new Date(at.getTime() + ivl * DAY_MS), settings.timezone));
  // Local days are consecutive, maybe with one repeated or skipped across a time-zone change: count by
  // the start of each distinct day.
  const first = days[0]!;
  const last = days.at(-1)!;
  const spanDays = Math.round((Date.parse(`${last}T00:00:00Z`) - Date.parse(`${first}T00:00:00Z`)) / DAY_MS);
  const starts = Array.from({ length: spanDays + 2 }, (_, index) =>
    startOfLocalDay(addDays(first, index), settings.timezone).getTime(),
  );
  const load = await countDueInRanges(
    db,
    userId,
    starts.map((start) => new Date(start).toISOString()),
  );
  const loadOf = (position: number) =>
    load[Math.round((Date.parse(`${days[position]}T00:00:00Z`) - Date.parse(`${first}T00:00:00Z`)) / DAY_MS)]!;
  const easy = new Set(settings.easy_days);
  const open = candidates.map((_, position) => position).filter((position) => !easy.has(weekdayOf(days[position]!)));
  const pool = open.length > 0 ? open : candidates.map((_, position) => position);
  let best = pool[0]!;
  for (const position of pool) if (loadOf(position) < loadOf(best)) best = position;
  return candidates[best]!;
}
