import { addDays } from './local-days.ts';

/** One node still to learn, in path order, with the minutes it takes. */
export interface PackItem {
  node_id: string;
  title: string;
  minutes: number;
}

export interface PackInput {
  items: PackItem[];
  /** 0 = Monday … 6 = Sunday */
  studyDays: number[];
  weeklyMinutes: number;
  /** the first day that may be planned: max(start_date, today) */
  from: string;
}

export interface PackedPlan {
  schedule: Array<{ date: string; items: PackItem[] }>;
  finish_date: string | null;
  remaining_minutes: number;
}

/**
 * How many study days a schedule lists at most. A 5,000-node tree at the largest estimates on a
 * budget of one minute a day would otherwise list millions of days; `finish_date` is still exact.
 */
export const MAX_SCHEDULED_DAYS = 366;

/** 0 = Monday of a `YYYY-MM-DD` date. */
export const weekdayOf = (day: string): number => (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;

/** The first study day on or after `day`. */
function nextStudyDay(day: string, studyDays: ReadonlySet<number>): string {
  let at = day;
  while (!studyDays.has(weekdayOf(at))) at = addDays(at, 1);
  return at;
}

/** The `n`th study day (0-based) from `first`, itself a study day, without walking years one by one. */
function nthStudyDay(first: string, n: number, studyDays: ReadonlySet<number>): string {
  const weeks = Math.floor(n / studyDays.size);
  let at = addDays(first, weeks * 7);
  for (let left = n % studyDays.size; left > 0; left -= 1) at = nextStudyDay(addDays(at, 1), studyDays);
  return at;
}

/**
 * API.md "Study plans": the items, in order, packed into study days from `from` with a daily budget of
 * ⌊weekly ÷ study days⌋ minutes; an item bigger than what is left of a day continues on the next study
 * day (listed on each day with that day's minutes). No budget → empty schedule, no finish date.
 */
export function packPlan(input: PackInput): PackedPlan {
  const remaining = input.items.reduce((sum, item) => sum + item.minutes, 0);
  const studyDays = new Set(input.studyDays.filter((d) => Number.isInteger(d) && d >= 0 && d <= 6));
  const budget = studyDays.size === 0 ? 0 : Math.floor(input.weeklyMinutes / studyDays.size);
  if (budget <= 0 || input.items.length === 0) {
    return { schedule: [], finish_date: null, remaining_minutes: remaining };
  }
  const first = nextStudyDay(input.from, studyDays);
  // Days fill up completely before the next begins, so the last day is known without packing them all.
  const daysNeeded = Math.max(1, Math.ceil(remaining / budget));
  const finish = nthStudyDay(first, daysNeeded - 1, studyDays);

  const schedule: PackedPlan['schedule'] = [];
  let day = { date: first, items: [] as PackItem[] };
  let left = budget;
  const nextDay = () => {
    schedule.push(day);
    day = { date: nextStudyDay(addDays(day.date, 1), studyDays), items: [] };
    left = budget;
  };
  packing: for (const item of input.items) {
    let rest = item.minutes;
    // A node of no minutes sits on the current day, even a full one.
    if (rest === 0) day.items.push({ ...item, minutes: 0 });
    while (rest > 0) {
      if (left === 0) {
        nextDay();
        if (schedule.length >= MAX_SCHEDULED_DAYS) break packing;
      }
      const take = Math.min(left, rest);
      day.items.push({ ...item, minutes: take });
      left -= take;
      rest -= take;
    }
  }
  if (schedule.length < MAX_SCHEDULED_DAYS && day.items.length) schedule.push(day);
  return { schedule, finish_date: finish, remaining_minutes: remaining };
}
