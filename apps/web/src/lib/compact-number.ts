// Counters (likes, views, uses, followers) in the UI language's short form: "1.2K", "1.2万", "1.2万" (ja).
// Building an Intl.NumberFormat with compact notation costs several milliseconds on a phone (it loads
// the locale's data), so it is built once per language, and only when a counter reaches 1,000: below
// that every language writes the plain number.

const formatters = new Map<string, Intl.NumberFormat>();

/** `value` as a short count in `locale` ("987", "1.2K"). */
export function compactNumber(value: number, locale: string): string {
  if (Number.isInteger(value) && Math.abs(value) < 1000) return String(value);
  let formatter = formatters.get(locale);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, { notation: 'compact' });
    formatters.set(locale, formatter);
  }
  return formatter.format(value);
}
