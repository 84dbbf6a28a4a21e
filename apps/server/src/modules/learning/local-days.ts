/** Calendar days (`YYYY-MM-DD`) in a learner's time zone, and simple arithmetic on them. */

const formatters = new Map<string, Intl.DateTimeFormat>();

/** The date of `moment` on the learner's calendar. */
export function localDay(moment: Date, timezone: string): string {
  let format = formatters.get(timezone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone: timezone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    formatters.set(timezone, format);
  }
  return format.format(moment);
}

/** `day` moved by `delta` days. */
export function addDays(day: string, delta: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + delta);
  return date.toISOString().slice(0, 10);
}

const wallClocks = new Map<string, Intl.DateTimeFormat>();

/** Milliseconds `timezone`'s wall clock is ahead of UTC at `instant`. */
function offsetAt(instant: number, timezone: string): number {
  let format = wallClocks.get(timezone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: timezone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    wallClocks.set(timezone, format);
  }
  const parts = format.formatToParts(new Date(instant));
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const wall = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
  return wall - Math.floor(instant / 1000) * 1000;
}

/** The first moment of the local date `day` (YYYY-MM-DD) in `timezone`, as a UTC instant. */
export function startOfLocalDay(day: string, timezone: string): Date {
  const midnight = Date.parse(`${day}T00:00:00Z`);
  let start = midnight - offsetAt(midnight, timezone);
  // Across a change of offset (summer time), the offset at the guess itself is the one that holds.
  const corrected = midnight - offsetAt(start, timezone);
  if (corrected !== start && localDay(new Date(corrected), timezone) === day) start = corrected;
  return new Date(start);
}

/** The weekday of a local date (YYYY-MM-DD), 0 = Monday … 6 = Sunday (as `study_days` and `easy_days` count). */
export function weekdayOf(day: string): number {
  return (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
}

/** The index of the first of `bounds` (ascending instants in ms) after `time`, or `bounds.length`. */
export function boundIndexOf(bounds: readonly number[], time: number): number {
  let low = 0;
  let high = bounds.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (bounds[middle]! <= time) low = middle + 1;
    else high = middle;
  }
  return low;
}
