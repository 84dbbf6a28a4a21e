import { describe, expect, it } from 'vitest';
import { maskSecret, openSecret, sealSecret } from './secret-box.ts';

const SECRET = 'a'.repeat(48);

describe('secret box', () => {
  it('round-trips a secret and never stores it in clear', () => {
    const sealed = sealSecret('sk-live-1234567890', SECRET, 'purpose');
    expect(sealed).not.toContain('sk-live');
    expect(openSecret(sealed, SECRET, 'purpose')).toBe('sk-live-1234567890');
    expect(sealSecret('sk-live-1234567890', SECRET, 'purpose')).not.toBe(sealed);
  });

  it('refuses a tampered value, another SECRET_KEY or another purpose', () => {
    const sealed = sealSecret('sk-live-1234567890', SECRET, 'purpose');
    const parts = sealed.split('.');
    parts[3] = Buffer.from('x'.repeat(18)).toString('base64url');
    expect(() => openSecret(parts.join('.'), SECRET, 'purpose')).toThrow();
    expect(() => openSecret(sealed, 'b'.repeat(48), 'purpose')).toThrow();
    expect(() => openSecret(sealed, SECRET, 'other')).toThrow();
  });

  it('masks all but the first three and last four characters', () => {
    expect(maskSecret('sk-0123456789abcd')).toBe('sk-…abcd');
    expect(maskSecret('short')).toBe('…rt');
  });
});
