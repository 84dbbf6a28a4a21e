// Forged, tampered, expired, misused and malformed bearer tokens: every one is 401, nothing of the
// victim's data comes back, and the database is the same afterwards.
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signToken } from '../lib/jwt.ts';
import { issueTokenPair } from '../modules/accounts/testing.ts';
import { createTestApp, createUser, type TestApp, type TestUser } from '../testing/test-app.ts';
import { CONTENT_TABLES, expectError, forgeJwt, jwtClaims, snapshot } from './security.testing.ts';

let t: TestApp;
let victim: TestUser;
let attacker: TestUser;
let treeId: number;
const SECRET_TITLE = 'Victim secret roadmap';

beforeAll(async () => {
  t = await createTestApp();
  victim = await createUser(t.app, { username: 'jwt_victim', email: 'victim@example.com' });
  attacker = await createUser(t.app, { username: 'jwt_attacker' });
  const tree = await t.app.inject({
    method: 'POST',
    url: '/api/tree/skills_tree/',
    headers: victim.headers,
    payload: { title: SECRET_TITLE },
  });
  expect(tree.statusCode).toBe(201);
  treeId = tree.json().id;
});
afterAll(async () => t?.close());

const now = () => Math.floor(Date.now() / 1000);
const claimsFor = (userId: number, extra: Record<string, unknown> = {}) => ({
  token_type: 'access',
  sub: String(userId),
  jti: `jti-${Math.random().toString(36).slice(2)}`,
  iat: now(),
  exp: now() + 600,
  ...extra,
});

/** Tries a bearer value on a read, a write and an admin call; all must be 401 and leak and change nothing. */
async function expectRejected(authorization: string) {
  const before = await snapshot(t.app, CONTENT_TABLES);
  const calls = [
    { method: 'GET' as const, url: '/api/profile/users/me/' },
    { method: 'GET' as const, url: `/api/tree/skills_tree/${treeId}/` },
    { method: 'GET' as const, url: '/api/tree/skills_tree/' },
    { method: 'PATCH' as const, url: `/api/tree/skills_tree/${treeId}/`, payload: { title: 'Hijacked' } },
    { method: 'DELETE' as const, url: `/api/tree/skills_tree/${treeId}/` },
    { method: 'GET' as const, url: '/api/llm/deepseek-config/' },
  ];
  for (const call of calls) {
    const res = await t.app.inject({ ...call, headers: { authorization } });
    expectError(res, 401);
    expect(['token_not_valid', 'not_authenticated']).toContain(res.json().code);
    expect(res.body).not.toContain(SECRET_TITLE);
    expect(res.body).not.toContain('victim@example.com');
    expect(res.body).not.toContain('jwt_victim');
  }
  expect(await snapshot(t.app, CONTENT_TABLES)).toBe(before);
}

describe('forged and tampered access tokens', () => {
  it('refuses an unsigned token with alg "none"', async () => {
    const token = forgeJwt({ alg: 'none', typ: 'JWT' }, claimsFor(victim.id), null);
    await expectRejected(`Bearer ${token}`);
    // Upper-case and mixed spellings of "none" are refused the same way.
    await expectRejected(`Bearer ${forgeJwt({ alg: 'None', typ: 'JWT' }, claimsFor(victim.id), null)}`);
    await expectRejected(`Bearer ${forgeJwt({ alg: 'NONE' }, claimsFor(victim.id), null)}`);
  });

  it('refuses an HS256 token signed with a wrong secret', async () => {
    await expectRejected(
      `Bearer ${forgeJwt({ alg: 'HS256', typ: 'JWT' }, claimsFor(victim.id), 'not-the-server-secret')}`,
    );
    await expectRejected(`Bearer ${forgeJwt({ alg: 'HS256', typ: 'JWT' }, claimsFor(victim.id), '')}`);
  });

  it('refuses a token signed with the right secret under another algorithm (HS512)', async () => {
    const header = Buffer.from(JSON.stringify({ alg: 'HS512', typ: 'JWT' })).toString('base64url');
    const body = Buffer.from(JSON.stringify(claimsFor(victim.id))).toString('base64url');
    const sig = createHmac('sha512', t.config.jwtSecret).update(`${header}.${body}`).digest('base64url');
    await expectRejected(`Bearer ${header}.${body}.${sig}`);
  });

  it('refuses the attacker’s own token with the user id swapped for the victim’s', async () => {
    const [header, , signature] = attacker.token.split('.');
    const claims = { ...jwtClaims(attacker.token), sub: String(victim.id) };
    const tampered = `${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${signature}`;
    await expectRejected(`Bearer ${tampered}`);
  });

  it('refuses a token whose signature was stripped or truncated', async () => {
    const [header, payload, signature] = victim.token.split('.');
    await expectRejected(`Bearer ${header}.${payload}.`);
    await expectRejected(`Bearer ${header}.${payload}`);
    await expectRejected(`Bearer ${header}.${payload}.${signature!.slice(0, 10)}`);
  });

  it('ignores a role claim: a user token that says "admin" still cannot reach admin calls', async () => {
    const { token } = await signToken(t.config.jwtSecret, 'access', attacker.id, 600);
    const withRole = forgeJwt(
      { alg: 'HS256', typ: 'JWT' },
      { ...jwtClaims(token), role: 'admin', is_staff: true },
      t.config.jwtSecret,
    );
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/llm/deepseek-config/',
      headers: { authorization: `Bearer ${withRole}` },
    });
    expectError(res, 403, 'permission_denied');
  });
});

describe('expired and misused tokens', () => {
  it('refuses an expired access token signed with the right secret', async () => {
    const expired = forgeJwt(
      { alg: 'HS256', typ: 'JWT' },
      claimsFor(victim.id, { iat: now() - 3600, exp: now() - 60 }),
      t.config.jwtSecret,
    );
    await expectRejected(`Bearer ${expired}`);
    const res = await t.app.inject({ method: 'POST', url: '/api/token/verify/', payload: { token: expired } });
    expectError(res, 401, 'token_not_valid');
  });

  it('refuses a refresh token used as an access token', async () => {
    const { token } = await signToken(t.config.jwtSecret, 'refresh', victim.id, 3600, { fam: 'family' });
    await expectRejected(`Bearer ${token}`);
  });

  it('refuses an access token presented to the refresh call, and issues nothing', async () => {
    const before = await snapshot(t.app, CONTENT_TABLES);
    const res = await t.app.inject({ method: 'POST', url: '/api/token/refresh/', payload: { refresh: victim.token } });
    expectError(res, 401, 'token_not_valid');
    expect(res.body).not.toMatch(/"access"|"refresh"/);
    expect(await snapshot(t.app, CONTENT_TABLES)).toBe(before);
  });

  it('refuses a refresh token forged for a user (never issued by the server)', async () => {
    const forged = forgeJwt(
      { alg: 'HS256', typ: 'JWT' },
      { ...claimsFor(victim.id), token_type: 'refresh', fam: 'x' },
      'wrong',
    );
    const res = await t.app.inject({ method: 'POST', url: '/api/token/refresh/', payload: { refresh: forged } });
    expectError(res, 401, 'token_not_valid');
  });

  it('refuses the token of a deactivated user, and of a deleted one', async () => {
    const gone = await createUser(t.app);
    const disabled = await createUser(t.app);
    await t.app.db.updateTable('users').set({ is_active: 0 }).where('id', '=', disabled.id).execute();
    await expectRejected(disabled.headers.authorization);
    await t.app.db.deleteFrom('users').where('id', '=', gone.id).execute();
    await expectRejected(gone.headers.authorization);
    // And the refresh call does not resurrect them either.
    const { token } = await signToken(t.config.jwtSecret, 'refresh', disabled.id, 3600, { fam: 'f' });
    expectError(
      await t.app.inject({ method: 'POST', url: '/api/token/refresh/', payload: { refresh: token } }),
      401,
      'token_not_valid',
    );
  });
});

describe('refresh tokens of someone else', () => {
  it('does not revoke another user’s refresh token through logout', async () => {
    const victimPair = await issueTokenPair(t.app.deps, victim.id);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout/',
      headers: attacker.headers,
      payload: { refresh: victimPair.refresh },
    });
    expect(res.statusCode).toBe(200);
    const rotated = await t.app.inject({
      method: 'POST',
      url: '/api/token/refresh/',
      payload: { refresh: victimPair.refresh },
    });
    expect(rotated.statusCode).toBe(200);
  });
});

describe('malformed Authorization headers', () => {
  it.each([
    ['a token without the Bearer prefix', () => victim.token],
    ['another scheme (Token)', () => `Token ${victim.token}`],
    ['another scheme (Basic)', () => `Basic ${Buffer.from('jwt_victim:x').toString('base64')}`],
    ['Bearer with nothing after it', () => 'Bearer '],
    ['Bearer with two tokens', () => `Bearer ${victim.token} ${victim.token}`],
    ['three dots of garbage', () => 'Bearer a.b.c'],
    ['non-base64 garbage', () => 'Bearer !!!.@@@.###'],
    [
      'a header that is not JSON',
      () => `Bearer ${Buffer.from('{{{').toString('base64url')}.${Buffer.from('{}').toString('base64url')}.x`,
    ],
    [
      'a header that is JSON but not an object',
      () => `Bearer ${Buffer.from('[1,2]').toString('base64url')}.${Buffer.from('"x"').toString('base64url')}.x`,
    ],
    [
      'a huge header (100 kB)',
      () =>
        `Bearer ${Buffer.from(JSON.stringify({ alg: 'HS256', pad: 'x'.repeat(100_000) })).toString('base64url')}.e30.x`,
    ],
    ['a huge bearer value (1 MB)', () => `Bearer ${'A'.repeat(1_000_000)}`],
    [
      'a header pointing at a foreign key (jku/kid injection)',
      () =>
        `Bearer ${forgeJwt({ alg: 'HS256', kid: '../../../../dev/null', jku: 'https://evil.example/jwks.json' }, claimsFor(victim.id), '')}`,
    ],
  ])('refuses %s with 401', async (_what, value) => {
    await expectRejected(value());
  });

  it('treats a bad token on a public route as anonymous, not as the user it names', async () => {
    const token = forgeJwt({ alg: 'none' }, claimsFor(victim.id), null);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/community/trees-shared/',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain(SECRET_TITLE);
  });
});
