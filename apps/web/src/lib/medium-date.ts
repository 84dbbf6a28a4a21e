// A day as the UI language writes it (Intl's `dateStyle: 'medium'`: "Dec 7, 2026", "2026年12月7日", "2026/12/07"),
// in the reader's time zone.
//
// The app's own three languages are written without Intl: a page's first Intl.DateTimeFormat loads the
// runtime's date data, 25–80 ms of blocked main thread on this machine, on the template page while it hydrates.
// A page the server draws writes the day in the zone the reader's browser keeps in a cookie: drawn in UTC, a
// Beijing evening would be the next day in the browser, and the hydrating page would differ from the one drawn,
// so React would draw it anew. The cookie holds the zone's offset now, and, in a zone with daylight saving, its
// name, without which a date in the other half of the year could fall on another day.
import { keepCookie } from './cookies.ts';

/**
 * The cookie with the browser's offset from UTC in minutes east (Beijing 480), then `~` and the zone's IANA name
 * where the zone has daylight saving (`60~Europe/Berlin`), for the pages the server draws (it reads a sane one:
 * apps/server/src/plugins/web.ts).
 */
export const ZONE_COOKIE = 'arbor_zone';
/** The zone's name as last read, beside the offsets it was read with (localStorage). */
const ZONE_NAME_KEY = 'arbor.zone-name';
const EN_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** An IANA zone, with the day of a time in it (`lib/zone-by-name.ts`, kept out of the browser's first bundle). */
export interface ZoneByName {
  timeZone: string;
  /** the year, month (0–11) and day */
  dayOf(time: number): [number, number, number];
}

/** The reader's zone a page is drawn in: its offset now, and the zone by name when their browser has said it. */
export interface DrawnZone {
  offset: number;
  byName?: ZoneByName;
}

/** A zone to write a day in: the runtime's own, an offset from UTC in minutes east, or an IANA zone. */
export type DayZone = 'local' | number | ZoneByName;

/** On the server, the reader's zone the page is drawn in; undefined in the browser (its own zone). */
let drawnZone: DrawnZone | undefined;

export function setDrawnZone(zone: DrawnZone | undefined): void {
  drawnZone = zone;
}

/** This year's offsets in January and July: two different ones in a zone with daylight saving. */
function offsetsOfTheYear(): [number, number] {
  const year = new Date().getFullYear();
  return [-new Date(year, 0, 1).getTimezoneOffset(), -new Date(year, 6, 1).getTimezoneOffset()];
}

/** localStorage, or undefined where the browser refuses it to this site (reading it throws then). */
function siteStorage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}

function storedZoneName(storage: Storage | undefined, offsets: string): string | null {
  try {
    const stored = JSON.parse(storage?.getItem(ZONE_NAME_KEY) ?? 'null') as { offsets?: string; name?: string } | null;
    return stored?.offsets === offsets && typeof stored.name === 'string' ? stored.name : null;
  } catch {
    return null;
  }
}

/**
 * Keeps this browser's zone in the cookie, for the next pages the server draws. A zone with daylight saving is
 * also named; its name comes from Intl, whose first use costs the page 25–80 ms, so it is read once the page is
 * hidden (left, or another tab shown) and kept for the next visits while the zone's offsets stay the same.
 */
export function rememberZone(doc: Document = document, storage: Storage | undefined = siteStorage()): void {
  const now = String(-new Date().getTimezoneOffset());
  const [january, july] = offsetsOfTheYear();
  if (january === july) return keepCookie(ZONE_COOKIE, now, doc);
  const offsets = `${january},${july}`;
  const name = storedZoneName(storage, offsets);
  keepCookie(ZONE_COOKIE, name ? `${now}~${name}` : now, doc);
  if (name) return;
  const learn = () => {
    if (doc.visibilityState !== 'hidden') return;
    doc.removeEventListener('visibilitychange', learn);
    const learnt = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (!learnt) return;
    try {
      storage?.setItem(ZONE_NAME_KEY, JSON.stringify({ offsets, name: learnt }));
    } catch {
      // named again on the next visit
    }
    keepCookie(ZONE_COOKIE, `${now}~${learnt}`, doc);
  };
  doc.addEventListener('visibilitychange', learn);
}

const formatters = new Map<string, Intl.DateTimeFormat>();

const pad = (n: number) => String(n).padStart(2, '0');

/** `value` (an ISO timestamp, a time in ms or a Date) as a medium date in `locale`; '' when it is no date. */
export function mediumDate(value: string | number | Date, locale: string): string {
  // In the browser its own zone; on the server the reader's (UTC when their browser has not said it).
  if (typeof window !== 'undefined') return mediumDateAt(value, locale, 'local');
  return mediumDateAt(value, locale, drawnZone?.byName ?? drawnZone?.offset ?? 0);
}

/** The year, month (0–11) and day of `time` in `zone`. */
function dayAt(time: number, zone: DayZone): [number, number, number] {
  if (typeof zone === 'object') return zone.dayOf(time);
  if (zone === 'local') {
    const date = new Date(time);
    return [date.getFullYear(), date.getMonth(), date.getDate()];
  }
  // An offset's day is read off the UTC time shifted by it.
  const date = new Date(time + zone * 60_000);
  return [date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()];
}

/** `mediumDate` in the given zone. */
export function mediumDateAt(value: string | number | Date, locale: string, zone: DayZone): string {
  const time = new Date(value).getTime();
  if (Number.isNaN(time)) return '';
  const [year, month, day] = dayAt(time, zone);
  if (year >= 1000 && year <= 9999) {
    if (locale === 'zh-CN') return `${year}年${month + 1}月${day}日`;
    if (locale === 'ja-JP') return `${year}/${pad(month + 1)}/${pad(day)}`;
    if (locale === 'en-US') return `${EN_MONTHS[month]} ${day}, ${year}`;
  }
  const timeZone = zone === 'local' ? undefined : typeof zone === 'object' ? zone.timeZone : 'UTC';
  const key = `${locale} ${timeZone ?? 'local'}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', ...(timeZone ? { timeZone } : {}) });
    formatters.set(key, formatter);
  }
  // A fixed offset is written as UTC's day of the shifted time.
  return formatter.format(typeof zone === 'number' ? time + zone * 60_000 : time);
}
