/**
 * The `-hot` ordering: a template's engagement, decayed with its age, stored so it can be indexed.
 *
 *   engagement = 3·likes + 4·uses + 2·ratings·(average / 5) + 0.1·views
 *   hot        = log10(engagement + PRIOR) + log10(2) · created_at (in days)
 *
 * This is the logarithm of `(engagement + PRIOR) · 2^(−age in days)` plus a term that is the same
 * for every template at any moment, so the order it gives is that of the decayed engagement, and the
 * score only changes when engagement does: it is written in the same transaction as the counter and
 * the list can use an index. Engagement loses half its weight every day: a week-old template needs
 * 128× the engagement of a brand-new one to stay above it.
 *
 * PRIOR is what a template is credited with before anyone engaged with it: a tenth of one view. It
 * keeps novelty alone from lifting a template (issue #18, where a brand-new template without a
 * single view ranked second): with nothing, a new template ranks below any template that got a view
 * in the last three days or a like in the last eight, and its first like lifts it by 2.5 decades.
 */
export const HOT_PRIOR = 0.01;
export const HOT_HALF_LIFE_S = 24 * 3600;

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
  const createdHalfLives = Date.parse(counts.created_at) / 1000 / HOT_HALF_LIFE_S;
  return Math.log10(engagement + HOT_PRIOR) + Math.log10(2) * createdHalfLives;
}

/** Average rating rounded to two decimals, 0 when nobody rated. */
export const ratingAverage = (sum: number, count: number) => (count === 0 ? 0 : Math.round((sum / count) * 100) / 100);

/** The score of a template nobody has engaged with yet, created at `createdAt`. */
export function newTemplateHotScore(createdAt: string): number {
  return hotScore({
    likes_count: 0,
    uses_count: 0,
    rating_count: 0,
    rating_avg: 0,
    views_count: 0,
    created_at: createdAt,
  });
}
