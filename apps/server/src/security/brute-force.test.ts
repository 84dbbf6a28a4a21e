// Guessing one-time codes and passwords: a code is burned after MAX_WRONG_TRIES wrong tries (the right
// code fails afterwards), and password logins are throttled per account and per client IP (API.md
// "One-time codes" and "Accounts"). Nothing is issued or changed by a refused guess.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../lib/passwords/passwords.ts';
import {
  forgetSends,
  freshIp,
  MAX_WRONG_TRIES,
  obtainCode,
  solvedCaptcha,
  uniqueEmail,
  uniquePhone,
} from '../modules/accounts/testing.ts';
import { createTestApp, createUser, type TestApp } from '../testing/test-app.ts';
import { CONTENT_TABLES, expectError, snapshot } from './security.testing.ts';

/** API.md: "10 failures per login per 15 minutes → 429, whatever the password". */
const FAILURES_PER_LOGIN = 10;
const PASSWORD = 'orchard-lantern-basalt-19';

let t: TestApp;
let passwordHash: string;

beforeAll(async () => {
  t = await createTestApp();
  passwordHash = await hashPassword(PASSWORD);
});
afterAll(async () => t?.close());

const post = (url: string, payload: object, ip = freshIp(), headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, remoteAddress: ip, headers });

/** A code that is certainly not `code`. */
const wrong = (code: string, n: number) => String((Number(code) + 1 + n) % 1_000_000).padStart(6, '0');

async function freshCode(channel: 'ses' | 'sms', purpose: string, address: string) {
  await forgetSends(t.app, address);
  return obtainCode(t.app, t.database.dataDir, channel, purpose, address);
}

const codeRow = (address: string, purpose: string) =>
  t.app.db
    .selectFrom('one_time_codes')
    .selectAll()
    .where('address', '=', address)
    .where('purpose', '=', purpose)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();

describe('one-time code guessing', () => {
  it(`burns a login code after ${MAX_WRONG_TRIES} wrong tries: the right code then fails and no token is issued`, async () => {
    const email = uniqueEmail();
    await createUser(t.app, { email });
    const code = await freshCode('ses', 'login', email);
    const before = await snapshot(t.app, CONTENT_TABLES);
    for (let i = 0; i < MAX_WRONG_TRIES; i += 1) {
      expectError(await post('/api/auth/ses/login/', { email, code: wrong(code, i) }), 400, 'code_invalid');
    }
    const right = await post('/api/auth/ses/login/', { email, code });
    expectError(right, 400, 'code_invalid');
    expect(right.body).not.toMatch(/"access"|"refresh"/);
    expect((await codeRow(email, 'login')).attempts).toBe(MAX_WRONG_TRIES);
    expect(await snapshot(t.app, CONTENT_TABLES)).toBe(before);
  });

  it('counts wrong tries of check_code and of the login against the same code', async () => {
    const phone = uniquePhone();
    await createUser(t.app, { phone });
    const code = await freshCode('sms', 'login', phone);
    for (let i = 0; i < MAX_WRONG_TRIES - 1; i += 1) {
      expectError(
        await post('/api/sms/check_code/', { phone, code: wrong(code, i), purpose: 'login' }),
        400,
        'code_invalid',
      );
    }
    expectError(await post('/api/auth/sms/login/', { phone, code: wrong(code, 99) }), 400, 'code_invalid');
    expectError(await post('/api/sms/check_code/', { phone, code, purpose: 'login' }), 400, 'code_invalid');
    expectError(await post('/api/auth/sms/login/', { phone, code }), 400, 'code_invalid');
  });

  it('burns a password-reset code: the right code then fails and the password stays the same', async () => {
    const email = uniqueEmail();
    const user = await createUser(t.app, { email, passwordHash });
    const code = await freshCode('ses', 'reset_password', email);
    const before = await snapshot(t.app, CONTENT_TABLES);
    for (let i = 0; i < MAX_WRONG_TRIES; i += 1) {
      expectError(
        await post('/api/auth/password/reset/', { email, code: wrong(code, i), new_password: 'taken-over-password-1' }),
        400,
        'code_invalid',
      );
    }
    expectError(
      await post('/api/auth/password/reset/', { email, code, new_password: 'taken-over-password-1' }),
      400,
      'code_invalid',
    );
    expect(await snapshot(t.app, CONTENT_TABLES)).toBe(before);
    const row = await t.app.db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toBe(passwordHash);
  });

  it('burns a signup code: the right code then fails and no account is created', async () => {
    const phone = uniquePhone();
    const code = await freshCode('sms', 'signup', phone);
    const before = await snapshot(t.app, CONTENT_TABLES);
    const signup = async (c: string) =>
      post('/api/auth/sms/signup/', { phone, code: c, password: PASSWORD, altcha: await solvedCaptcha(t.app) });
    for (let i = 0; i < MAX_WRONG_TRIES; i += 1) expectError(await signup(wrong(code, i)), 400, 'code_invalid');
    expectError(await signup(code), 400, 'code_invalid');
    expect(await snapshot(t.app, CONTENT_TABLES)).toBe(before);
  });

  it('does not let parallel guesses exceed the limit', async () => {
    const email = uniqueEmail();
    await createUser(t.app, { email });
    const code = await freshCode('ses', 'login', email);
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        post('/api/ses/check_code/', { email, code: wrong(code, i), purpose: 'login' }),
      ),
    );
    for (const res of answers) expectError(res, 400, 'code_invalid');
    expect((await codeRow(email, 'login')).attempts).toBe(MAX_WRONG_TRIES);
    expectError(await post('/api/auth/ses/login/', { email, code }), 400, 'code_invalid');
  });

  it('refuses codes that are not six digits without counting them as anything but invalid', async () => {
    const email = uniqueEmail();
    await createUser(t.app, { email });
    await freshCode('ses', 'login', email);
    for (const code of [
      '',
      '12345',
      '1234567',
      'abcdef',
      '12 456',
      '１２３４５６',
      "' OR 1=1 --",
      '0'.repeat(10_000),
    ]) {
      const res = await post('/api/auth/ses/login/', { email, code });
      expect(res.statusCode, code.slice(0, 20)).toBe(400);
      expect(['invalid', 'code_invalid']).toContain(res.json().code);
    }
  });
});

describe('password guessing', () => {
  it(`locks an account after ${FAILURES_PER_LOGIN} failures from many IPs and any of its logins, even for the right password`, async () => {
    const email = uniqueEmail();
    const phone = uniquePhone();
    const user = await createUser(t.app, { email, phone, passwordHash });
    // Alternate username (in other cases), email and phone, each from a new address.
    const logins = [user.username, user.username.toUpperCase(), email.toUpperCase(), phone];
    for (let i = 0; i < FAILURES_PER_LOGIN; i += 1) {
      const login = logins[i % logins.length]!;
      const res =
        i % 5 === 4
          ? await post('/api/auth/phone-password/login/', { phone, password: `wrong-guess-${i}-xx` })
          : await post('/api/token/', { username: login, password: `wrong-guess-${i}-xx` });
      expectError(res, 401, 'not_authenticated');
    }
    const before = await snapshot(t.app, CONTENT_TABLES);
    for (const attempt of [
      () => post('/api/token/', { username: user.username, password: PASSWORD }),
      () => post('/api/token/', { username: email, password: PASSWORD }),
      () => post('/api/auth/phone-password/login/', { phone, password: PASSWORD }),
    ]) {
      const res = await attempt();
      expectError(res, 429, 'throttled');
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      expect(res.body).not.toMatch(/"access"|"refresh"/);
    }
    expect(await snapshot(t.app, CONTENT_TABLES)).toBe(before);
  });

  it('throttles an unknown login the same way, so locking does not reveal whether an account exists', async () => {
    const ghost = `ghost_${Math.random().toString(36).slice(2, 8)}`;
    for (let i = 0; i < FAILURES_PER_LOGIN; i += 1)
      expectError(
        await post('/api/token/', { username: ghost, password: 'whatever-pass-1' }),
        401,
        'not_authenticated',
      );
    expectError(
      await post('/api/token/', { username: ghost.toUpperCase(), password: 'whatever-pass-1' }),
      429,
      'throttled',
    );
  });

  it('throttles one client IP after LOGIN_FAILURES_PER_IP failures spread over many logins', async () => {
    const perIp = t.config.limits.loginFailuresPerIp;
    expect(perIp).toBe(10);
    const ip = freshIp();
    const user = await createUser(t.app, { passwordHash });
    for (let i = 0; i < perIp; i += 1) {
      // A fake X-Forwarded-For does not make a new client: TRUST_PROXY is off.
      const res = await post('/api/token/', { username: `nobody_${i}_${ip}`, password: 'wrong-guess-xx' }, ip, {
        'x-forwarded-for': `198.51.100.${i}`,
      });
      expectError(res, 401, 'not_authenticated');
    }
    const blocked = await post('/api/token/', { username: user.username, password: PASSWORD }, ip, {
      'x-forwarded-for': '198.51.100.200',
    });
    expectError(blocked, 429, 'throttled');
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // The account itself is not locked: the same login from another address works.
    expect((await post('/api/token/', { username: user.username, password: PASSWORD })).statusCode).toBe(200);
  });
});

describe('password checks outside login', () => {
  const deleteAccount = (user: { id: number; headers: object }, password: string, ip = freshIp()) =>
    t.app.inject({
      method: 'DELETE',
      url: `/api/profile/users/${user.id}/`,
      headers: user.headers as Record<string, string>,
      payload: { password },
      remoteAddress: ip,
    });
  const exists = async (id: number) =>
    Boolean(await t.app.db.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst());

  it(`refuses the right password when deleting an account after ${FAILURES_PER_LOGIN} wrong ones, and locks its login too`, async () => {
    const user = await createUser(t.app, { passwordHash });
    for (let i = 0; i < FAILURES_PER_LOGIN; i += 1)
      expectError(await deleteAccount(user, `wrong-guess-${i}-xx`), 400, 'invalid');
    const blocked = await deleteAccount(user, PASSWORD);
    expectError(blocked, 429, 'throttled');
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(await exists(user.id)).toBe(true);
    // The same per-account budget as login: guessing through DELETE spends it.
    expectError(await post('/api/token/', { username: user.username, password: PASSWORD }), 429, 'throttled');
  });

  it('adds wrong passwords given to login and to account deletion into one budget', async () => {
    const user = await createUser(t.app, { passwordHash });
    for (let i = 0; i < FAILURES_PER_LOGIN; i += 1) {
      const res =
        i % 2
          ? await deleteAccount(user, `wrong-guess-${i}-xx`)
          : await post('/api/token/', { username: user.username, password: `wrong-guess-${i}-xx` });
      expect(res.statusCode).toBe(i % 2 ? 400 : 401);
    }
    expectError(await deleteAccount(user, PASSWORD), 429, 'throttled');
    expect(await exists(user.id)).toBe(true);
  });

  it('does not let 30 parallel wrong passwords on account deletion check more than the limit', async () => {
    const user = await createUser(t.app, { passwordHash });
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => deleteAccount(user, `wrong-guess-${i}-xx`)));
    const statuses = answers.map((res) => res.statusCode);
    expect(statuses.filter((s) => s !== 400 && s !== 429)).toEqual([]);
    // A 429 checked no password; whatever the race left of the budget is spent one guess at a time.
    let checked = statuses.filter((s) => s === 400).length;
    for (let i = 0; i <= FAILURES_PER_LOGIN; i += 1) {
      const res = await deleteAccount(user, `wrong-again-${i}-xx`);
      if (res.statusCode === 429) break;
      expectError(res, 400, 'invalid');
      checked += 1;
    }
    expect(checked).toBeLessThanOrEqual(FAILURES_PER_LOGIN);
    expectError(await deleteAccount(user, PASSWORD), 429, 'throttled');
    expect(await exists(user.id)).toBe(true);
  });

  it("counts wrong passwords on account deletion against the client IP's login limit", async () => {
    const ip = freshIp();
    for (let i = 0; i < t.config.limits.loginFailuresPerIp; i += 1) {
      const user = await createUser(t.app, { passwordHash });
      expectError(await deleteAccount(user, `wrong-guess-${i}-xx`, ip), 400, 'invalid');
    }
    const other = await createUser(t.app, { passwordHash });
    expectError(await post('/api/token/', { username: other.username, password: PASSWORD }, ip), 429, 'throttled');
    // The right password from a fresh address still deletes the account.
    expect((await deleteAccount(other, PASSWORD)).statusCode).toBe(204);
    expect(await exists(other.id)).toBe(false);
  });
});

describe('address enumeration and message pumping', () => {
  it('limits "does this email/phone exist" checks to 30 a minute per caller, across both kinds', async () => {
    const caller = await createUser(t.app);
    const check = (i: number) =>
      t.app.inject({
        method: 'GET',
        url:
          i % 2
            ? `/api/profile/me/check_email_exist/?email=probe${i}@example.com`
            : `/api/profile/${caller.id}/check_phone_exist/?phone=%2B8613900${String(i).padStart(6, '0')}`,
        headers: caller.headers,
      });
    for (let i = 0; i < 30; i += 1) expect((await check(i)).statusCode).toBe(200);
    const blocked = await check(30);
    expectError(blocked, 429, 'throttled');
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // Another caller has their own budget.
    const other = await createUser(t.app);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/profile/me/check_email_exist/?email=x@example.com',
          headers: other.headers,
        })
      ).statusCode,
    ).toBe(200);
  });

  it('limits code sends per client IP (CODE_SENDS_PER_IP_HOUR), whatever the addresses, and sends nothing more', async () => {
    const perIp = t.config.limits.codeSendsPerIpHour;
    expect(perIp).toBe(30);
    const ip = freshIp();
    const send = async () =>
      post('/api/sms/send/login/', { phone: uniquePhone(), altcha: await solvedCaptcha(t.app) }, ip);
    for (let i = 0; i < perIp; i += 1) expect((await send()).statusCode).toBe(200);
    const before = await snapshot(t.app, [...CONTENT_TABLES, 'one_time_codes']);
    const blocked = await send();
    expectError(blocked, 429, 'throttled');
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(await snapshot(t.app, [...CONTENT_TABLES, 'one_time_codes'])).toBe(before);
    expect(
      (await post('/api/sms/send/login/', { phone: uniquePhone(), altcha: await solvedCaptcha(t.app) })).statusCode,
    ).toBe(200);
  });
});
