import { afterEach, describe, expect, it } from 'vitest';
import { mediumDate, mediumDateAt, rememberZoneOffset, ZONE_COOKIE } from './medium-date.ts';

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

  it('keeps the offset in a cookie', () => {
    rememberZoneOffset();
    expect(document.cookie).toContain(`${ZONE_COOKIE}=${-new Date().getTimezoneOffset()}`);
  });
});
