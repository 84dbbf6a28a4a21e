// A day as the UI language writes it (Intl's `dateStyle: 'medium'`: "Dec 7, 2026", "2026年12月7日", "2026/12/07"),
// in the reader's time zone.
//
// The app's own three languages are written without Intl: a page's first Intl.DateTimeFormat loads the
// runtime's date data, 25–80 ms of blocked main thread on this machine, on the template page while it hydrates.
// A page the server draws writes the day in the zone the reader's browser keeps in a cookie (its offset from
// UTC now): drawn in UTC, a Beijing evening would be the next day in the browser, and the hydrating page would
// differ from the one drawn, so React would draw it anew.
import { keepCookie } from './cookies.ts';

/**
 * The cookie with the browser's offset from UTC in minutes east (Beijing 480), for the pages the server draws (it
 * reads a sane one: apps/server/src/plugins/web.ts).
 */
export const ZONE_COOKIE = 'arbor_zone';
const EN_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** On the server, the reader's offset the page is drawn with; undefined in the browser (its own zone). */
let drawnOffset: number | undefined;

export function setDrawnZoneOffset(minutesEast: number | undefined): void {
  drawnOffset = minutesEast;
}

/** Keeps this browser's offset from UTC in the cookie, for the next pages the server draws. */
export function rememberZoneOffset(doc: Document = document): void {
  keepCookie(ZONE_COOKIE, String(-new Date().getTimezoneOffset()), doc);
}

const formatters = new Map<string, Intl.DateTimeFormat>();

const pad = (n: number) => String(n).padStart(2, '0');

/** `value` (an ISO timestamp, a time in ms or a Date) as a medium date in `locale`; '' when it is no date. */
export function mediumDate(value: string | number | Date, locale: string): string {
  // In the browser its own zone; on the server the reader's (UTC when their browser has not said it).
  return mediumDateAt(value, locale, typeof window === 'undefined' ? (drawnOffset ?? 0) : 'local');
}

/** `mediumDate` in the given zone: the runtime's own (`'local'`) or an offset from UTC in minutes east. */
export function mediumDateAt(value: string | number | Date, locale: string, zone: number | 'local'): string {
  const time = new Date(value).getTime();
  if (Number.isNaN(time)) return '';
  const local = zone === 'local';
  // An offset's day is read off the UTC time shifted by it.
  const date = new Date(local ? time : time + zone * 60_000);
  const year = local ? date.getFullYear() : date.getUTCFullYear();
  const month = local ? date.getMonth() : date.getUTCMonth();
  const day = local ? date.getDate() : date.getUTCDate();
  if (year >= 1000 && year <= 9999) {
    if (locale === 'zh-CN') return `${year}年${month + 1}月${day}日`;
    if (locale === 'ja-JP') return `${year}/${pad(month + 1)}/${pad(day)}`;
    if (locale === 'en-US') return `${EN_MONTHS[month]} ${day}, ${year}`;
  }
  const key = `${locale} ${local}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', ...(local ? {} : { timeZone: 'UTC' }) });
    formatters.set(key, formatter);
  }
  return formatter.format(date);
}
