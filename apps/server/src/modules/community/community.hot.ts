/**
 * The `-hot` ordering: a time-decayed score that can be stored and indexed.
 *
 *   engagement = 3·likes + 4·uses + 2·ratings·(average / 5) + 0.1·views
 *   hot        = log10(1 + engagement) + created_at (in seconds) / 45 000
 *
 * Because age enters as an ever-growing constant of the share's creation time rather than as a
 * divisor that changes every second, the score only changes when engagement does, so it is
 * written in the same transaction as the counter and the list can use an index. Every 12.5 hours
 * of recency are worth a tenfold difference in engagement: a day-old template needs about 100× the
 * engagement of a brand-new one to stay above it.
 */
export function hotScore(counts: {
  likes_count: number;
  uses_count: number;
  rating_count: number;
  rating_avg: number;
  views_count: number;
  created_at: string;
}): number {
  const engagement =
    3 * counts.likes_count +
    4 * counts.uses_count +
    2 * counts.rating_count * (counts.rating_avg / 5) +
    0.1 * counts.views_count;
  const createdSeconds = Date.parse(counts.created_at) / 1000;
  return Math.log10(1 + engagement) + createdSeconds / 45_000;
}

/** Average rating rounded to two decimals, 0 when nobody rated. */
export const ratingAverage = (sum: number, count: number) => (count === 0 ? 0 : Math.round((sum / count) * 100) / 100);
