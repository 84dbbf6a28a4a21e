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

/** True for an IANA time zone name this runtime knows. */
export function isKnownTimezone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}
