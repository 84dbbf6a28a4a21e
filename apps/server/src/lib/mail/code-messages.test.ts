import { describe, expect, it } from 'vitest';
import { localeFromAcceptLanguage } from '../messages/locale.ts';
import { codeMessage } from './code-messages.ts';

describe('code messages', () => {
  it.each([
    ['ja-JP,ja;q=0.9,en;q=0.8', 'ja-JP'],
    ['en-GB', 'en-US'],
    ['fr-FR, en;q=0.5', 'en-US'],
    ['zh-TW', 'zh-CN'],
    ['en;q=0.2, ja;q=0.9', 'ja-JP'],
    ['fr-FR', null],
    ['', null],
  ])('maps Accept-Language %j to %s', (header, locale) => {
    expect(localeFromAcceptLanguage(header)).toBe(locale);
  });

  it('puts the six digits in the text of every language', () => {
    for (const locale of ['zh-CN', 'en-US', 'ja-JP'] as const) {
      const { subject, text } = codeMessage(locale, 'reset_password', '042917', 10);
      expect(text).toContain('042917');
      expect(subject).toBeTruthy();
    }
  });
});
