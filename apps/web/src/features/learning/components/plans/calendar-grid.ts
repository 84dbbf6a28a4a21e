// Pure helpers of the plan's calendar: dates as `YYYY-MM-DD` strings (the API's), read as UTC days so
// no time zone moves them, weeks starting on Monday (the API's study day 0).

export interface CalendarCell {
  /** YYYY-MM-DD */
  date: string;
  /** the day belongs to the month shown (the others pad the first and last week) */
  inMonth: boolean;
}

/** A month as `YYYY-MM`. */
export type MonthKey = string;

const DAY_MS = 86_400_000;

export const parseDay = (date: string): Date => new Date(`${date}T00:00:00Z`);
export const formatDay = (d: Date): string => d.toISOString().slice(0, 10);
export const monthOf = (date: string): MonthKey => date.slice(0, 7);

/** 0 = Monday … 6 = Sunday, as the API counts study days. */
export const weekdayOf = (date: string): number => (parseDay(date).getUTCDay() + 6) % 7;

/** The month after (or before, with a negative step) `month`. */
export function addMonths(month: MonthKey, step: number): MonthKey {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const d = new Date(Date.UTC(y, m - 1 + step, 1));
  return formatDay(d).slice(0, 7);
}

/** The weeks of a month, Monday first, padded with the neighbouring months' days to whole weeks. */
export function monthGrid(month: MonthKey): CalendarCell[][] {
  const first = parseDay(`${month}-01`);
  const start = first.getTime() - weekdayOf(`${month}-01`) * DAY_MS;
  const weeks: CalendarCell[][] = [];
  for (let day = start; ;) {
    const week: CalendarCell[] = [];
    for (let i = 0; i < 7; i++, day += DAY_MS) {
      const date = formatDay(new Date(day));
      week.push({ date, inMonth: monthOf(date) === month });
    }
    weeks.push(week);
    if (monthOf(formatDay(new Date(day))) !== month) break;
  }
  return weeks;
}

/** The months a schedule spans, first to last (none for an empty schedule). */
export function scheduleMonths(dates: readonly string[]): MonthKey[] {
  if (dates.length === 0) return [];
  const sorted = [...dates].sort();
  const last = monthOf(sorted[sorted.length - 1]!);
  const months: MonthKey[] = [];
  for (let m = monthOf(sorted[0]!); m <= last; m = addMonths(m, 1)) months.push(m);
  return months;
}

/** Minutes as whole hours and the minutes left (for "2 h 30 min"). */
export function splitMinutes(minutes: number): { hours: number; minutes: number } {
  const total = Math.max(0, Math.round(minutes));
  return { hours: Math.floor(total / 60), minutes: total % 60 };
}

/** Which message a duration takes: hours and minutes, hours only, or minutes only. */
export function durationKey(minutes: number): 'hm' | 'h' | 'm' {
  const parts = splitMinutes(minutes);
  if (parts.hours === 0) return 'm';
  return parts.minutes === 0 ? 'h' : 'hm';
}

/** The week's minutes shared by the study days, rounded down (the API's daily budget). */
export const dailyBudget = (weeklyMinutes: number, studyDays: number): number =>
  studyDays > 0 ? Math.floor(weeklyMinutes / studyDays) : 0;

/** Short weekday names, Monday first, in `locale`. */
export function weekdayNames(locale: string, width: 'short' | 'narrow' | 'long' = 'short'): string[] {
  const format = new Intl.DateTimeFormat(locale, { weekday: width, timeZone: 'UTC' });
  // 2024-01-01 was a Monday
  return Array.from({ length: 7 }, (_, i) => format.format(new Date(Date.UTC(2024, 0, 1 + i))));
}

/** A day as the locale writes it (e.g. "Jan 31, 2026"). */
export const formatDate = (date: string, locale: string, style: 'medium' | 'long' | 'full' = 'medium'): string =>
  new Intl.DateTimeFormat(locale, { dateStyle: style, timeZone: 'UTC' }).format(parseDay(date));

/** A month as the locale writes it (e.g. "January 2026"). */
export const formatMonth = (month: MonthKey, locale: string): string =>
  new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'long', timeZone: 'UTC' }).format(parseDay(`${month}-01`));

/** Today in the browser's time zone as YYYY-MM-DD. */
export function todayLocal(now = new Date()): string {
  const y = now.getFullYear();
  const m = String(now.getMonth() + 1).padStart(2, '0');
  const d = String(now.getDate()).padStart(2, '0');
  return `${y}-${m}-${d}`;
}
