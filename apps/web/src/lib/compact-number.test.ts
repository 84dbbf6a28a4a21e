import { describe, expect, it } from 'vitest';
import { compactNumber } from './compact-number.ts';

describe('compactNumber', () => {
  it('writes counts under 1,000 as they are, in every language', () => {
    for (const locale of ['zh-CN', 'en-US', 'ja-JP']) {
      expect(compactNumber(0, locale)).toBe('0');
      expect(compactNumber(999, locale)).toBe('999');
    }
  });

  it('shortens larger counts in the language asked for, as Intl does', () => {
    expect(compactNumber(1234, 'en-US')).toBe('1.2K');
    expect(compactNumber(12_345, 'zh-CN')).toBe('1.2万');
    expect(compactNumber(12_345, 'ja-JP')).toBe('1.2万');
    expect(compactNumber(1234, 'zh-CN')).toBe(new Intl.NumberFormat('zh-CN', { notation: 'compact' }).format(1234));
  });
});
