import { describe, expect, it } from 'vitest';
import { passwordLengthError, passwordStrength } from './password.ts';

describe('password hints', () => {
  it('rates length and variety', () => {
    expect(passwordStrength('')).toBe(0);
    expect(passwordStrength('abc')).toBe(1);
    expect(passwordStrength('abcdefgh')).toBe(1);
    expect(passwordStrength('Abcdefg1')).toBe(2);
    expect(passwordStrength('correct horse battery staple')).toBeGreaterThanOrEqual(3);
    expect(passwordStrength('Tr0ub4dor&3-extra-long')).toBe(4);
  });

  it('counts characters, not UTF-16 units, like the server', () => {
    expect(passwordLengthError('😀😀😀😀😀😀😀😀')).toBeNull();
    expect(passwordLengthError('short')).toBe('tooShort');
    expect(passwordLengthError('x'.repeat(129))).toBe('tooLong');
  });
});
