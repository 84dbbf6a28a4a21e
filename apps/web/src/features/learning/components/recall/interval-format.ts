// How long until a card is due again, as the grade buttons show it: '10 min', '1 d', '3 mo'. Pure, so
// the units and roundings are unit-tested; the words come from the `recall` namespace.

export type IntervalUnit = 'minute' | 'hour' | 'day' | 'month' | 'year';

export interface IntervalParts {
  unit: IntervalUnit;
  value: number;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const MONTH = 30 * DAY;
const YEAR = 365 * DAY;

/** One decimal under 10 when it says something (1.5 mo), else whole numbers. */
const rounded = (value: number) => (value < 10 ? Math.round(value * 10) / 10 : Math.round(value));

/**
 * The largest unit that reads well: under an hour in minutes (at least 1), under a day in hours,
 * under a month in days, under a year in months, then years.
 */
export function intervalParts(ms: number): IntervalParts {
  const span = Math.max(0, ms);
  if (span < HOUR) return { unit: 'minute', value: Math.max(1, Math.round(span / MINUTE)) };
  if (span < DAY) return { unit: 'hour', value: rounded(span / HOUR) };
  if (span < MONTH) return { unit: 'day', value: Math.max(1, Math.round(span / DAY)) };
  if (span < YEAR) return { unit: 'month', value: rounded(span / MONTH) };
  return { unit: 'year', value: rounded(span / YEAR) };
}
