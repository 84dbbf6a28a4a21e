// A time zone by its IANA name, for the pages the server draws in the reader's zone (lib/medium-date.ts): the
// day of a time there, read with Intl, which the browser's first bundle leaves out (the browser writes days in
// its own zone).
import type { ZoneByName } from './medium-date.ts';

const zones = new Map<string, ZoneByName>();

/** The zone `timeZone` (a name Intl knows: the server checks it), kept once made. */
export function zoneByName(timeZone: string): ZoneByName {
  let zone = zones.get(timeZone);
  if (!zone) {
    const formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      calendar: 'gregory',
      numberingSystem: 'latn',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
    });
    zone = {
      timeZone,
      dayOf(time) {
        const parts = formatter.formatToParts(time);
        const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
        return [part('year'), part('month') - 1, part('day')];
      },
    };
    zones.set(timeZone, zone);
  }
  return zone;
}
