/**
 * The year heatmap's layout (GitHub style): 53 week columns of 7 days, Sunday on top, the last column
 * holding today; days after today and before the answered range are empty. Pure, so it is unit tested.
 */

export interface ActivityDay {
  /** `YYYY-MM-DD` in the learner's time zone */
  date: string;
  progress: number;
  reviews: number;
}

export interface HeatmapCell extends ActivityDay {
  /** progress + reviews */
  total: number;
  /** 0 (nothing) to 4 (the busiest days) */
  level: HeatLevel;
}

export type HeatLevel = 0 | 1 | 2 | 3 | 4;

export interface HeatmapWeek {
  /** seven days, Sunday first; null outside the range (after today, before the first day) */
  days: (HeatmapCell | null)[];
  /** the month (1–12) whose first days start in this column, for its label; null otherwise */
  monthStart: number | null;
}

export interface HeatmapLayout {
  weeks: HeatmapWeek[];
  max: number;
  activeDays: number;
  totalProgress: number;
  totalReviews: number;
}

export const HEATMAP_WEEKS = 53;
const DAY_MS = 86_400_000;

/** Days since 1970-01-01 of a `YYYY-MM-DD` date (its own calendar day, whatever the browser's zone). */
function dayNumber(date: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return Math.round(Date.UTC(y, m - 1, d) / DAY_MS);
}

function dateOf(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** 0 = Sunday … 6 = Saturday. */
export function weekdayOf(date: string): number {
  return new Date(dayNumber(date) * DAY_MS).getUTCDay();
}

/**
 * The colour step of a day: 0 when nothing happened, otherwise 1–4 by quarters of the busiest day,
 * so one very busy day does not flatten the rest into the palest colour… only as much as quarters do.
 */
export function heatLevel(total: number, max: number): HeatLevel {
  if (total <= 0 || max <= 0) return 0;
  const ratio = total / max;
  if (ratio <= 0.25) return 1;
  if (ratio <= 0.5) return 2;
  if (ratio <= 0.75) return 3;
  return 4;
}

/** Lays `days` (oldest first, ending today) out in week columns; `today` defaults to the last day. */
export function buildHeatmap(
  days: readonly ActivityDay[],
  today = days.at(-1)?.date,
  weeks = HEATMAP_WEEKS,
): HeatmapLayout {
  const byDate = new Map(days.map((day) => [day.date, day]));
  const max = days.reduce((m, day) => Math.max(m, day.progress + day.reviews), 0);
  const layout: HeatmapLayout = { weeks: [], max, activeDays: 0, totalProgress: 0, totalReviews: 0 };
  if (!today) return layout;
  const todayNumber = dayNumber(today);
  const firstRange = days.length ? dayNumber(days[0]!.date) : todayNumber;
  const start = todayNumber - weekdayOf(today) - (weeks - 1) * 7;
  let previousMonth: number | null = null;
  for (let w = 0; w < weeks; w++) {
    const week: HeatmapWeek = { days: [], monthStart: null };
    for (let d = 0; d < 7; d++) {
      const number = start + w * 7 + d;
      if (number > todayNumber || number < firstRange) {
        week.days.push(null);
        continue;
      }
      const date = dateOf(number);
      const day = byDate.get(date) ?? { date, progress: 0, reviews: 0 };
      const total = day.progress + day.reviews;
      week.days.push({ date, progress: day.progress, reviews: day.reviews, total, level: heatLevel(total, max) });
      if (total > 0) layout.activeDays += 1;
      layout.totalProgress += day.progress;
      layout.totalReviews += day.reviews;
    }
    const top = dateOf(start + w * 7);
    const month = Number(top.slice(5, 7));
    // A column is labelled when its month differs from the previous column's (not the first, partial one).
    if (previousMonth !== null && month !== previousMonth) week.monthStart = month;
    previousMonth = month;
    layout.weeks.push(week);
  }
  return layout;
}
