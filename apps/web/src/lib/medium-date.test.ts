import { afterEach, describe, expect, it, vi } from 'vitest';
import { mediumDate, mediumDateAt, rememberZone, ZONE_COOKIE } from './medium-date.ts';
import { zoneByName } from './zone-by-name.ts';

const LOCALES = ['zh-CN', 'en-US', 'ja-JP'];
// Every day of two years (a leap year among them) at an hour that is another day in some zones.
const DAYS = Array.from({ length: 731 }, (_, i) => Date.UTC(2027, 0, 1, 17, 30) - i * 86_400_000);

describe('mediumDate', () => {
  afterEach(() => {
    document.cookie = `${ZONE_COOKIE}=; max-age=0; path=/`;
  });

  it("writes a day exactly as Intl's medium date style does, in each of the app's languages", () => {
    for (const locale of LOCALES) {
      const intl = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' });
      for (const time of DAYS) expect(mediumDate(new Date(time).toISOString(), locale)).toBe(intl.format(time));
    }
  });

  it("writes the day of the reader's offset, as their browser in that zone would", () => {
    for (const [zone, offset] of [
      ['Asia/Shanghai', 480],
      ['Asia/Tokyo', 540],
      ['America/Sao_Paulo', -180],
      ['Asia/Kolkata', 330],
    ] as const) {
      for (const locale of LOCALES) {
        const intl = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: zone });
        for (const time of DAYS) expect(mediumDateAt(time, locale, offset)).toBe(intl.format(time));
      }
    }
    // 2026-12-06 20:00 UTC is already the 7th in Beijing.
    expect(mediumDateAt('2026-12-06T20:00:00Z', 'zh-CN', 480)).toBe('2026年12月7日');
    expect(mediumDateAt('2026-12-06T20:00:00Z', 'zh-CN', 0)).toBe('2026年12月6日');
  });

  it('leaves other languages to Intl, and writes nothing for what is no date', () => {
    expect(mediumDateAt('2026-12-06T20:00:00Z', 'de-DE', 0)).toBe(
      new Intl.DateTimeFormat('de-DE', { dateStyle: 'medium', timeZone: 'UTC' }).format(Date.UTC(2026, 11, 6, 20)),
    );
    expect(mediumDate('not a date', 'en-US')).toBe('');
  });

  it('writes the day of a zone with daylight saving by its name, in either half of the year', () => {
    for (const zone of ['Europe/Berlin', 'America/New_York', 'Australia/Sydney'])
      for (const locale of LOCALES) {
        const intl = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: zone });
        for (const time of DAYS) expect(mediumDateAt(time, locale, zoneByName(zone))).toBe(intl.format(time));
      }
    // 2026-07-01 22:30 UTC is July 2nd in Berlin's summer (UTC+2), where its winter offset (UTC+1) says July 1st.
    expect(mediumDateAt('2026-07-01T22:30:00Z', 'en-US', zoneByName('Europe/Berlin'))).toBe('Jul 2, 2026');
    expect(mediumDateAt('2026-07-01T22:30:00Z', 'en-US', 60)).toBe('Jul 1, 2026');
  });
});

describe('rememberZone', () => {
  afterEach(() => {
    document.cookie = `${ZONE_COOKIE}=; max-age=0; path=/`;
    vi.restoreAllMocks();
  });

  /** A document whose visibility the test sets, over the real one's cookies. */
  function documentShown() {
    let visibility: DocumentVisibilityState = 'visible';
    const events = new EventTarget();
    const doc = {
      get cookie() {
        return document.cookie;
      },
      set cookie(value: string) {
        document.cookie = value;
      },
      get visibilityState() {
        return visibility;
      },
      addEventListener: events.addEventListener.bind(events),
      removeEventListener: events.removeEventListener.bind(events),
    } as unknown as Document;
    const hide = () => {
      visibility = 'hidden';
      events.dispatchEvent(new Event('visibilitychange'));
    };
    return { doc, hide };
  }

  /** Makes this runtime's zone one whose offsets are `january` and `july` (minutes east), `now` today. */
  function zoneWithOffsets(january: number, july: number, now: number) {
    vi.spyOn(Date.prototype, 'getTimezoneOffset').mockImplementation(function (this: Date) {
      const fixed = this.getMonth() === 0 && this.getDate() === 1 ? january : this.getMonth() === 6 ? july : now;
      return -fixed;
    });
  }

  it('keeps only the offset of a zone without daylight saving', () => {
    zoneWithOffsets(480, 480, 480);
    const { doc, hide } = documentShown();
    const storage = new Map<string, string>();
    const intl = vi.spyOn(Intl, 'DateTimeFormat');
    rememberZone(doc, storageOf(storage));
    hide();
    expect(document.cookie).toContain(`${ZONE_COOKIE}=480`);
    expect(document.cookie).not.toContain('~');
    expect(intl).not.toHaveBeenCalled();
  });

  it('names a zone with daylight saving once the page is hidden, and keeps the name for the next visits', () => {
    zoneWithOffsets(60, 120, 60);
    const storage = new Map<string, string>();
    const name = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const first = documentShown();
    const intl = vi.spyOn(Intl, 'DateTimeFormat');
    rememberZone(first.doc, storageOf(storage));
    // Not while the page is shown: Intl's first use would cost it.
    expect(decodeURIComponent(document.cookie)).toContain(`${ZONE_COOKIE}=60`);
    expect(intl).not.toHaveBeenCalled();
    first.hide();
    expect(decodeURIComponent(document.cookie)).toContain(`${ZONE_COOKIE}=60~${name}`);
    // The next visit names it at once, without Intl.
    document.cookie = `${ZONE_COOKIE}=; max-age=0; path=/`;
    intl.mockClear();
    rememberZone(documentShown().doc, storageOf(storage));
    expect(decodeURIComponent(document.cookie)).toContain(`${ZONE_COOKIE}=60~${name}`);
    expect(intl).not.toHaveBeenCalled();
    // A zone whose offsets are not those it was named with (the device moved) is named again.
    vi.restoreAllMocks();
    zoneWithOffsets(-300, -240, -240);
    rememberZone(documentShown().doc, storageOf(storage));
    expect(document.cookie).toContain(`${ZONE_COOKIE}=-240`);
    expect(decodeURIComponent(document.cookie)).not.toContain('~');
  });
});

/** A Storage over a Map. */
function storageOf(map: Map<string, string>): Storage {
  return {
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
  } as unknown as Storage;
}
