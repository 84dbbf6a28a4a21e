import { describe, expect, it } from 'vitest';
import { hashPassword, passwordProblem, verifyPassword } from './passwords.ts';

describe('passwords', () => {
  it('hashes with argon2id at the OWASP parameters and verifies', async () => {
    const hash = await hashPassword('a fine passphrase ✓');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(hash, 'a fine passphrase ✓')).toBe(true);
    expect(await verifyPassword(hash, 'a fine passphrase')).toBe(false);
    expect(await verifyPassword(null, 'anything')).toBe(false);
    expect(await verifyPassword('not a hash', 'anything')).toBe(false);
  });

  it('applies the policy: length in characters, common passwords, not the login', () => {
    expect(passwordProblem('short')).toMatch(/too short/);
    expect(passwordProblem('密码很长但是不常见的一句话')).toBeNull();
    expect(passwordProblem('🌳'.repeat(128))).toBeNull();
    expect(passwordProblem('🌳'.repeat(129))).toMatch(/too long/);
    expect(passwordProblem('qwertyuiop')).toMatch(/common/);
    expect(passwordProblem('PASSWORD1')).toMatch(/common/);
    expect(passwordProblem('ada.lovelace', ['Ada.Lovelace'])).toMatch(/login/);
    expect(passwordProblem('correct-horse-battery-42', ['ada'])).toBeNull();
  });
});
