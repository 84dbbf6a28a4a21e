import { describe, expect, it } from 'vitest';
import { isEmail, isPhone, looksLikePhone, normalizePhone } from './identifiers.ts';

describe('login identifiers', () => {
  it('brings typed phone numbers to E.164', () => {
    expect(normalizePhone('138 0013-8000')).toBe('+8613800138000');
    expect(normalizePhone('0044 20 7946 0958')).toBe('+442079460958');
    expect(normalizePhone(' +1 (415) 555-0100 ')).toBe('+14155550100');
  });

  it('tells phones from usernames and emails', () => {
    expect(looksLikePhone('+8613800138000')).toBe(true);
    expect(looksLikePhone('13800138000')).toBe(true);
    expect(looksLikePhone('alice')).toBe(false);
    expect(looksLikePhone('alice@example.com')).toBe(false);
    expect(looksLikePhone('12345')).toBe(false);
  });

  it('checks addresses loosely', () => {
    expect(isEmail('a@b.co')).toBe(true);
    expect(isEmail('a@b')).toBe(false);
    expect(isPhone('+86 138 0013 8000')).toBe(true);
    expect(isPhone('+0123')).toBe(false);
  });
});
