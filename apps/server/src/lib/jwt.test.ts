import { createHmac, generateKeyPairSync, sign as rsaSign } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signToken, verifyToken } from './jwt.ts';

const SECRET = 'secret-of-the-jose-days';
const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const hs256 = (input: string, secret = SECRET) => createHmac('sha256', secret).update(input).digest('base64url');
/** A token with this header and these claims, signed HS256 with `secret` (or with no signature for null). */
function forge(header: Record<string, unknown>, claims: Record<string, unknown>, secret: string | null = SECRET) {
  const input = `${b64url(header)}.${b64url(claims)}`;
  return `${input}.${secret === null ? '' : hs256(input, secret)}`;
}
const now = () => Math.floor(Date.now() / 1000);
const claims = (extra: Record<string, unknown> = {}) => ({
  token_type: 'access',
  sub: '42',
  jti: 'jti-1',
  iat: now(),
  exp: now() + 600,
  ...extra,
});
const HEADER = { alg: 'HS256', typ: 'JWT' };

describe('signToken and verifyToken', () => {
  it('accepts tokens signed before the switch from jose (byte for byte what jose wrote)', async () => {
    // Written by jose 6 (`SignJWT`, HS256) with this secret; they expire in 2100.
    const access =
      'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJ0b2tlbl90eXBlIjoiYWNjZXNzIiwic3YiOjIsInN1YiI6IjQyIiwianRpIjoianRpLWFjY2VzcyIsImlhdCI6MTc5NTk2MDQwMiwiZXhwIjo0MTAyNDQ0ODAwfQ.B-RBs0I3juLm5moeB1xYayBWcTM8Ce2pDuA-0QWyLz8';
    const refresh =
      'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJ0b2tlbl90eXBlIjoicmVmcmVzaCIsImZhbSI6ImZhbWlseS0xIiwic3ViIjoiNDIiLCJqdGkiOiJqdGktcmVmcmVzaCIsImlhdCI6MTc5NTk2MDQwMiwiZXhwIjo0MTAyNDQ0ODAwfQ.hgBbqlzk4BbArc6DZn2p624gCAjRNkzE-dBnvz73Mmc';
    expect(await verifyToken(SECRET, access, 'access')).toEqual({
      token_type: 'access',
      sv: 2,
      sub: '42',
      jti: 'jti-access',
      iat: 1795960402,
      exp: 4102444800,
    });
    expect(await verifyToken(SECRET, refresh, 'refresh')).toMatchObject({ fam: 'family-1', sub: '42' });
  });

  it('signs what it verifies, with the header and claim order jose used', async () => {
    const { token, jti, expiresAt } = await signToken(SECRET, 'access', 42, 600, { sv: 3 });
    const [header, payload] = token.split('.').map((part) => Buffer.from(part, 'base64url').toString('utf8'));
    expect(header).toBe('{"alg":"HS256","typ":"JWT"}');
    expect(Object.keys(JSON.parse(payload!))).toEqual(['token_type', 'sv', 'sub', 'jti', 'iat', 'exp']);
    const verified = await verifyToken(SECRET, token, 'access');
    expect(verified).toMatchObject({ sub: '42', jti, sv: 3, token_type: 'access' });
    expect(verified!.exp * 1000).toBe(expiresAt.getTime());
  });

  it('accepts a well-formed token forged with the right secret (the check is the claims, not who wrote it)', async () => {
    expect(await verifyToken(SECRET, forge(HEADER, claims()), 'access')).toMatchObject({ sub: '42' });
  });

  it('refuses alg "none" in any spelling, with or without a signature', async () => {
    for (const alg of ['none', 'None', 'NONE']) {
      expect(await verifyToken(SECRET, forge({ alg }, claims(), null), 'access')).toBeNull();
      const input = `${b64url({ alg })}.${b64url(claims())}`;
      expect(await verifyToken(SECRET, `${input}.${hs256(input)}`, 'access')).toBeNull();
    }
  });

  it('refuses every algorithm but HS256, even signed with the right secret', async () => {
    for (const [alg, hash] of [
      ['HS384', 'sha384'],
      ['HS512', 'sha512'],
    ] as const) {
      const input = `${b64url({ alg, typ: 'JWT' })}.${b64url(claims())}`;
      const signature = createHmac(hash, SECRET).update(input).digest('base64url');
      expect(await verifyToken(SECRET, `${input}.${signature}`, 'access')).toBeNull();
    }
    // An RS256 header signed with a real RSA key, and one "signed" with the HMAC secret (key confusion).
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const input = `${b64url({ alg: 'RS256', typ: 'JWT' })}.${b64url(claims())}`;
    const rsa = rsaSign('sha256', Buffer.from(input), privateKey).toString('base64url');
    expect(await verifyToken(SECRET, `${input}.${rsa}`, 'access')).toBeNull();
    expect(await verifyToken(SECRET, `${input}.${hs256(input)}`, 'access')).toBeNull();
    expect(await verifyToken(SECRET, forge({ alg: 'ES256' }, claims()), 'access')).toBeNull();
    expect(await verifyToken(SECRET, forge({ typ: 'JWT' }, claims()), 'access')).toBeNull();
  });

  it('refuses a tampered, stripped or foreign signature', async () => {
    const good = forge(HEADER, claims());
    const [header, payload, signature] = good.split('.') as [string, string, string];
    const flipped = `${signature.slice(0, 5)}${signature[5] === 'A' ? 'B' : 'A'}${signature.slice(6)}`;
    const otherClaims = b64url({ ...claims(), sub: '43' });
    for (const token of [
      `${header}.${payload}.${flipped}`,
      `${header}.${otherClaims}.${signature}`,
      `${header}.${payload}.`,
      `${header}.${payload}`,
      `${header}.${payload}.${signature.slice(0, 10)}`,
      forge(HEADER, claims(), 'another-secret'),
    ]) {
      expect(await verifyToken(SECRET, token, 'access')).toBeNull();
    }
  });

  it('refuses a token missing any of exp, iat, jti and sub', async () => {
    for (const claim of ['exp', 'iat', 'jti', 'sub']) {
      const without: Record<string, unknown> = claims();
      delete without[claim];
      expect(await verifyToken(SECRET, forge(HEADER, without), 'access')).toBeNull();
    }
  });

  it('refuses claims of the wrong type or shape', async () => {
    for (const extra of [
      { exp: String(now() + 600) },
      { iat: String(now()) },
      { jti: 7 },
      { sub: 42 },
      { sub: 'admin' },
      { sv: 1.5 },
      { sv: '1' },
      { nbf: now() + 600 },
      { nbf: 'soon' },
    ]) {
      expect(await verifyToken(SECRET, forge(HEADER, claims(extra)), 'access')).toBeNull();
    }
  });

  it('refuses the other token type', async () => {
    expect(await verifyToken(SECRET, forge(HEADER, claims({ token_type: 'refresh' })), 'access')).toBeNull();
    expect(await verifyToken(SECRET, forge(HEADER, claims()), 'refresh')).toBeNull();
    expect(await verifyToken(SECRET, forge(HEADER, claims({ token_type: undefined })), 'access')).toBeNull();
  });

  it('refuses an expired token, one expiring this second, with no clock tolerance', async () => {
    expect(await verifyToken(SECRET, forge(HEADER, claims({ iat: now() - 60, exp: now() - 1 })), 'access')).toBeNull();
    expect(await verifyToken(SECRET, forge(HEADER, claims({ iat: now() - 60, exp: now() })), 'access')).toBeNull();
  });

  it('refuses an unknown critical header and garbage', async () => {
    expect(await verifyToken(SECRET, forge({ ...HEADER, crit: ['exp'] }, claims()), 'access')).toBeNull();
    expect(await verifyToken(SECRET, forge({ ...HEADER, crit: ['x'], x: 1 }, claims()), 'access')).toBeNull();
    for (const token of ['', 'a.b.c', '!!!.@@@.###', `${b64url([1])}.${b64url('x')}.x`, 'A'.repeat(100_000)]) {
      expect(await verifyToken(SECRET, token, 'access')).toBeNull();
    }
  });
});
