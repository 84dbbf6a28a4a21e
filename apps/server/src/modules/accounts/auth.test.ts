import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signToken } from '../../lib/jwt.ts';
import { hashPassword } from '../../lib/passwords/passwords.ts';
import { createTestApp, createUser, type TestApp } from '../../testing/test-app.ts';
import { solvedCaptcha } from './captcha.testing.ts';
import { forgetSends, freshIp, obtainCode, uniqueEmail, uniquePhone } from './accounts.testing.ts';

let t: TestApp;
let knownHash: string;
const PASSWORD = 'correct-horse-battery-42';
const OTHER_PASSWORD = 'staple-violet-engine-77';

beforeAll(async () => {
  t = await createTestApp({ LOGIN_FAILURES_PER_IP: '5', SIGNUPS_PER_IP_HOUR: '3' });
  knownHash = await hashPassword(PASSWORD);
});
afterAll(async () => t?.close());

const post = (url: string, payload: unknown, options: { headers?: Record<string, string>; ip?: string } = {}) =>
  t.app.inject({
    method: 'POST',
    url,
    payload: payload as Record<string, unknown>,
    headers: options.headers,
    remoteAddress: options.ip ?? freshIp(),
  });
const me = (access: string) =>
  t.app.inject({ method: 'GET', url: '/api/profile/users/me/', headers: { authorization: `Bearer ${access}` } });
async function code(channel: 'ses' | 'sms', purpose: string, address: string, headers?: Record<string, string>) {
  await forgetSends(t.app, address);
  return obtainCode(t.app, t.database.dataDir, channel, purpose, address, { headers });
}

async function signupByEmail(email: string, extra: Record<string, unknown> = {}) {
  const c = await code('ses', 'signup', email);
  return post('/api/auth/ses/signup/', {
    email,
    code: c,
    password: PASSWORD,
    altcha: await solvedCaptcha(t.app),
    ...extra,
  });
}

describe('signup and login', () => {
  it('signs up by email with the code from the outbox, then logs in with the password', async () => {
    const email = uniqueEmail();
    const res = await signupByEmail(email);
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ access: expect.any(String), refresh: expect.any(String) });
    expect(body.user).toMatchObject({ email, phone: null, role: 'user', has_password: true });
    expect(body.user.username).toMatch(/^user_[0-9a-f]{10}$/);
    expect(body.user.profile).toMatchObject({
      nickname: '',
      avatar: null,
      avatar_url: `${t.config.publicBaseUrl}/images/avatar-64.png`,
    });
    expect((await me(body.access)).json().email).toBe(email);

    const login = await post('/api/token/', { username: email, password: PASSWORD });
    expect(login.statusCode).toBe(200);
    expect(Object.keys(login.json()).sort()).toEqual(['access', 'refresh']);
    const byUsername = await post('/api/token/', { username: body.user.username.toUpperCase(), password: PASSWORD });
    expect(byUsername.statusCode).toBe(200);
  });

  it('signs up by phone with a chosen username, then logs in with phone and password', async () => {
    const phone = uniquePhone();
    const c = await code('sms', 'signup', phone);
    const res = await post('/api/auth/sms/signup/', {
      phone,
      code: c,
      password: PASSWORD,
      username: 'Phone.User-1',
      altcha: await solvedCaptcha(t.app),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().user).toMatchObject({ username: 'Phone.User-1', phone, email: null });
    const login = await post('/api/auth/phone-password/login/', { phone, password: PASSWORD });
    expect(login.statusCode).toBe(200);
    expect(login.json().user.phone).toBe(phone);
    const taken = await post('/api/auth/ses/signup/', {
      email: uniqueEmail(),
      code: '123456',
      password: PASSWORD,
      username: 'phone.user-1',
      altcha: await solvedCaptcha(t.app),
    });
    expect(taken.json().fields.username).toBeDefined();
  });

  it('uses a signup code once', async () => {
    const email = uniqueEmail();
    const c = await code('ses', 'signup', email);
    const first = await post('/api/auth/ses/signup/', {
      email,
      code: c,
      password: PASSWORD,
      altcha: await solvedCaptcha(t.app),
    });
    expect(first.statusCode).toBe(201);
    await t.app.db.deleteFrom('users').where('id', '=', first.json().user.id).execute();
    const again = await post('/api/auth/ses/signup/', {
      email,
      code: c,
      password: PASSWORD,
      altcha: await solvedCaptcha(t.app),
    });
    expect(again.json().code).toBe('code_invalid');
  });

  it.each([
    ['short1', 'too short'],
    ['password1', 'too common'],
    ['x'.repeat(129), 'too long'],
  ])('refuses the password %s (%s) with fields.password', async (password) => {
    const res = await post('/api/auth/ses/signup/', {
      email: uniqueEmail(),
      code: '123456',
      password,
      altcha: await solvedCaptcha(t.app),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.password).toHaveLength(1);
  });

  it('refuses a password equal to the login', async () => {
    const res = await post('/api/auth/ses/signup/', {
      email: uniqueEmail(),
      code: '123456',
      password: 'Chosen_Name',
      username: 'chosen_name',
      altcha: await solvedCaptcha(t.app),
    });
    expect(res.json().fields.password).toBeDefined();
  });

  it('requires the captcha on signup and refuses bad usernames', async () => {
    const res = await post('/api/auth/ses/signup/', { email: uniqueEmail(), code: '123456', password: PASSWORD });
    expect(res.json().code).toBe('captcha_required');
    const bad = await post('/api/auth/ses/signup/', {
      email: uniqueEmail(),
      code: '123456',
      password: PASSWORD,
      username: 'no spaces!',
      altcha: 'x',
    });
    expect(bad.json().fields.username).toBeDefined();
  });

  it('logs in by email code and by SMS code; an unknown address fails like a wrong code', async () => {
    const email = uniqueEmail();
    const phone = uniquePhone();
    await createUser(t.app, { email, phone });
    const byEmail = await post('/api/auth/ses/login/', { email, code: await code('ses', 'login', email) });
    expect(byEmail.statusCode).toBe(200);
    expect(byEmail.json().user.email).toBe(email);
    const bySms = await post('/api/auth/sms/login/', { phone, code: await code('sms', 'login', phone) });
    expect(bySms.statusCode).toBe(200);
    const unknown = uniqueEmail();
    await obtainCode(t.app, t.database.dataDir, 'ses', 'login', unknown).catch(() => null);
    const res = await post('/api/auth/ses/login/', { email: unknown, code: '123456' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('code_invalid');
  });

  it('auto_sign_in signs up a new address without a password, then logs it in', async () => {
    const phone = uniquePhone();
    const first = await post('/api/auth/sms/auto_sign_in/', { phone, code: await code('sms', 'auto_sign_in', phone) });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ created: true, user: { phone, has_password: false } });
    const second = await post('/api/auth/sms/auto_sign_in/', { phone, code: await code('sms', 'auto_sign_in', phone) });
    expect(second.json()).toMatchObject({ created: false, user: { id: first.json().user.id } });
    const email = uniqueEmail();
    const byEmail = await post('/api/auth/ses/auto_sign_in/', {
      email,
      code: await code('ses', 'auto_sign_in', email),
    });
    expect(byEmail.json()).toMatchObject({ created: true, user: { email } });
  });

  it('limits new accounts per client IP (SIGNUPS_PER_IP_HOUR)', async () => {
    const ip = freshIp();
    await t.app.db
      .insertInto('throttle_events')
      .values(Array.from({ length: 3 }, () => ({ bucket: `signup-ip:${ip}`, created_at: new Date().toISOString() })))
      .execute();
    const email = uniqueEmail();
    const res = await post(
      '/api/auth/ses/auto_sign_in/',
      { email, code: await code('ses', 'auto_sign_in', email) },
      { ip },
    );
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBeDefined();
  });
});

describe('the language an account signs up in', () => {
  const localeOf = async (access: string) => (await me(access)).json().profile.locale as string;

  it("stores the client's UI language (`language`) over Accept-Language, by email and by phone", async () => {
    const byEmail = await signupByEmail(uniqueEmail(), { language: 'ja-JP' });
    expect(byEmail.statusCode).toBe(201);
    expect(byEmail.json().user.profile.locale).toBe('ja-JP');
    const phone = uniquePhone();
    const c = await code('sms', 'signup', phone);
    const byPhone = await post(
      '/api/auth/sms/signup/',
      { phone, code: c, password: PASSWORD, altcha: await solvedCaptcha(t.app), language: 'en-US' },
      { headers: { 'accept-language': 'zh-CN,zh;q=0.9' } },
    );
    expect(byPhone.statusCode).toBe(201);
    expect(await localeOf(byPhone.json().access)).toBe('en-US');
  });

  it('falls back to Accept-Language, then to the default, without `language`', async () => {
    const email = uniqueEmail();
    const c = await code('ses', 'signup', email);
    const byHeader = await post(
      '/api/auth/ses/signup/',
      { email, code: c, password: PASSWORD, altcha: await solvedCaptcha(t.app) },
      { headers: { 'accept-language': 'ja,en;q=0.5' } },
    );
    expect(await localeOf(byHeader.json().access)).toBe('ja-JP');
    const bare = await signupByEmail(uniqueEmail());
    expect(await localeOf(bare.json().access)).toBe('zh-CN');
  });

  it('refuses a language it does not speak, naming the field, and creates nothing', async () => {
    const email = uniqueEmail();
    const refused = await signupByEmail(email, { language: 'fr-FR' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields.language).toBeDefined();
    expect(refused.body).not.toMatch(/stack|SELECT|at .*\.ts/);
    const later = await signupByEmail(email, { language: 'en-US' });
    expect(later.statusCode).toBe(201);
  });
});

describe('tokens', () => {
  let user: Awaited<ReturnType<typeof createUser>>;
  beforeAll(async () => {
    user = await createUser(t.app, { passwordHash: knownHash });
  });
  const obtain = async () =>
    (await post('/api/token/', { username: user.username, password: PASSWORD })).json() as {
      access: string;
      refresh: string;
    };

  it('rotates refresh tokens and revokes the whole family when a rotated one comes back', async () => {
    const first = await obtain();
    const rotated = await post('/api/token/refresh/', { refresh: first.refresh });
    expect(rotated.statusCode).toBe(200);
    const second = rotated.json();
    expect(second.refresh).not.toBe(first.refresh);
    expect((await me(second.access)).statusCode).toBe(200);

    const reuse = await post('/api/token/refresh/', { refresh: first.refresh });
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json().code).toBe('token_not_valid');
    // the thief's replay also logged out the legitimate holder of the newest token
    expect((await post('/api/token/refresh/', { refresh: second.refresh })).statusCode).toBe(401);
    // other sessions (other families) are untouched
    const other = await obtain();
    expect((await post('/api/token/refresh/', { refresh: other.refresh })).statusCode).toBe(200);
  });

  it('verifies tokens', async () => {
    const pair = await obtain();
    expect((await post('/api/token/verify/', { token: pair.access })).json()).toEqual({});
    expect((await post('/api/token/verify/', { token: pair.refresh })).statusCode).toBe(200);
    const bad = await post('/api/token/verify/', { token: 'abc.def.ghi' });
    expect(bad.statusCode).toBe(401);
    expect(bad.json().code).toBe('token_not_valid');
  });

  it('refuses alg:none, tampered, expired and refresh-as-access tokens', async () => {
    const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const now = Math.floor(Date.now() / 1000);
    const claims = { sub: String(user.id), token_type: 'access', jti: 'x', iat: now, exp: now + 600 };
    const none = `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`;
    const [header, , signature] = user.token.split('.');
    const tampered = `${header}.${b64({ ...claims, sub: String(user.id + 1000) })}.${signature}`;
    const expired = (await signToken(t.config.jwtSecret, 'access', user.id, -60)).token;
    const refresh = (await obtain()).refresh;
    const otherSecret = (await signToken('another-secret-of-at-least-32-characters!', 'access', user.id, 600)).token;
    for (const token of [none, tampered, expired, refresh, otherSecret]) {
      const res = await me(token);
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('token_not_valid');
      expect((await post('/api/token/verify/', { token })).statusCode).toBe(token === refresh ? 200 : 401);
    }
    const accessAsRefresh = await post('/api/token/refresh/', { refresh: user.token });
    expect(accessAsRefresh.statusCode).toBe(401);
  });

  it('refuses a validly signed token without an expiry (exp), as access and as refresh', async () => {
    const { createSigner } = await import('fast-jwt');
    const sign = createSigner({ key: t.config.jwtSecret, algorithm: 'HS256' });
    // Signed with the server's secret, with `iat` but no `exp`.
    const forever = async (type: string) => sign({ token_type: type, sub: String(user.id), jti: `no-exp-${type}` });
    const access = await forever('access');
    expect((await me(access)).statusCode).toBe(401);
    expect((await post('/api/token/verify/', { token: access })).statusCode).toBe(401);
    expect((await post('/api/token/refresh/', { refresh: await forever('refresh') })).statusCode).toBe(401);
  });

  it('logout revokes the refresh token', async () => {
    const pair = await obtain();
    const res = await post(
      '/api/auth/logout/',
      { refresh: pair.refresh },
      { headers: { authorization: `Bearer ${pair.access}` } },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({});
    expect((await post('/api/token/refresh/', { refresh: pair.refresh })).statusCode).toBe(401);
    expect((await post('/api/auth/logout/', { refresh: pair.refresh })).statusCode).toBe(401);
  });

  it('logout ends the access token at once, and every refresh token of that session', async () => {
    const own = await createUser(t.app, { passwordHash: knownHash });
    const login = (await post('/api/token/', { username: own.username, password: PASSWORD })).json();
    const rotated = (await post('/api/token/refresh/', { refresh: login.refresh })).json();
    const bearer = { authorization: `Bearer ${rotated.access}` };
    expect((await me(rotated.access)).statusCode).toBe(200);
    expect((await post('/api/auth/logout/', { refresh: rotated.refresh }, { headers: bearer })).statusCode).toBe(200);
    const after = await me(rotated.access);
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe('token_not_valid');
    expect((await post('/api/token/verify/', { token: rotated.access })).statusCode).toBe(401);
    expect((await post('/api/token/refresh/', { refresh: rotated.refresh })).statusCode).toBe(401);
    // The token issued before that session was rotated is no way back in either.
    expect((await post('/api/token/refresh/', { refresh: login.refresh })).statusCode).toBe(401);
    // Logging in again gives a working session.
    const again = (await post('/api/token/', { username: own.username, password: PASSWORD })).json();
    expect((await me(again.access)).statusCode).toBe(200);
  });

  it("logout leaves the account's other sessions able to refresh into working access tokens", async () => {
    const own = await createUser(t.app, { passwordHash: knownHash });
    const phone = (await post('/api/token/', { username: own.username, password: PASSWORD })).json();
    const laptop = (await post('/api/token/', { username: own.username, password: PASSWORD })).json();
    await post(
      '/api/auth/logout/',
      { refresh: phone.refresh },
      { headers: { authorization: `Bearer ${phone.access}` } },
    );
    const refreshed = await post('/api/token/refresh/', { refresh: laptop.refresh });
    expect(refreshed.statusCode).toBe(200);
    expect((await me(refreshed.json().access)).statusCode).toBe(200);
  });

  it('ends the access token of a logout even when the refresh token given is not valid', async () => {
    const own = await createUser(t.app, { passwordHash: knownHash });
    const pair = (await post('/api/token/', { username: own.username, password: PASSWORD })).json();
    const bearer = { authorization: `Bearer ${pair.access}` };
    expect((await post('/api/auth/logout/', { refresh: 'not-a-token' }, { headers: bearer })).statusCode).toBe(200);
    expect((await me(pair.access)).statusCode).toBe(401);
  });
});

describe('password login throttling', () => {
  it('gives the same answer for an unknown user and a wrong password', async () => {
    const user = await createUser(t.app, { passwordHash: knownHash });
    const unknown = await post('/api/token/', { username: 'nobody-here', password: PASSWORD });
    const wrong = await post('/api/token/', { username: user.username, password: OTHER_PASSWORD });
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('locks an account after 10 failures in 15 minutes, whatever the password or the login used', async () => {
    const email = uniqueEmail();
    const user = await createUser(t.app, { passwordHash: knownHash, email });
    for (let i = 0; i < 10; i += 1) {
      const login = i % 2 ? user.username : email;
      expect((await post('/api/token/', { username: login, password: OTHER_PASSWORD })).statusCode).toBe(401);
    }
    const res = await post('/api/token/', { username: user.username, password: PASSWORD });
    expect(res.statusCode).toBe(429);
    expect(res.json().code).toBe('throttled');
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(800);
  });

  it('counts only failures against the client IP: more concurrent right logins than its limit all succeed', async () => {
    const ip = freshIp();
    const users = await Promise.all(Array.from({ length: 12 }, () => createUser(t.app, { passwordHash: knownHash })));
    const results = await Promise.all(
      users.map((user) => post('/api/token/', { username: user.username, password: PASSWORD }, { ip })),
    );
    expect(results.map((res) => res.statusCode)).toEqual(users.map(() => 200));
  });

  it('limits failures per client IP (LOGIN_FAILURES_PER_IP), and X-Forwarded-For does not dodge it', async () => {
    const ip = freshIp();
    for (let i = 0; i < 5; i += 1) {
      const res = await post(
        '/api/token/',
        { username: `ghost${i}`, password: OTHER_PASSWORD },
        { ip, headers: { 'x-forwarded-for': `198.51.100.${i}` } },
      );
      expect(res.statusCode).toBe(401);
    }
    const user = await createUser(t.app, { passwordHash: knownHash });
    const res = await post('/api/auth/phone-password/login/', { phone: uniquePhone(), password: PASSWORD }, { ip });
    expect(res.statusCode).toBe(429);
    const elsewhere = await post('/api/token/', { username: user.username, password: PASSWORD });
    expect(elsewhere.statusCode).toBe(200);
  });
});

it('publishes every account endpoint in the OpenAPI document', async () => {
  const paths = Object.keys((await t.app.inject({ method: 'GET', url: '/api/schema/' })).json().paths);
  for (const path of [
    '/api/token/',
    '/api/token/refresh/',
    '/api/auth/ses/signup/',
    '/api/captcha/challenge/',
    '/api/sms/send/{purpose}/',
    '/api/profile/users/me/',
  ]) {
    expect(paths).toContain(path);
  }
});

describe('bind, cancel and reset', () => {
  it('binds and cancels an email on an account made by phone', async () => {
    const phone = uniquePhone();
    const login = (
      await post('/api/auth/sms/auto_sign_in/', { phone, code: await code('sms', 'auto_sign_in', phone) })
    ).json();
    const headers = { authorization: `Bearer ${login.access}` };
    const email = uniqueEmail();
    const bound = await post(
      '/api/auth/ses/bind_email/',
      { email, code: await code('ses', 'bind_email', email, headers) },
      { headers },
    );
    expect(bound.statusCode).toBe(200);
    expect(bound.json()).toMatchObject({ email, phone });

    // cancelling the phone is fine (the email remains); cancelling both is not
    const cancelPhone = await post(
      '/api/auth/sms/cancel_phone/',
      { code: await code('sms', 'cancel_phone', phone, headers) },
      { headers },
    );
    expect(cancelPhone.statusCode).toBe(200);
    expect(cancelPhone.json().phone).toBeNull();
    const stranded = await post('/api/auth/ses/cancel_email/', { code: '123456' }, { headers });
    expect(stranded.statusCode).toBe(400);
    expect(stranded.json().code).toBe('invalid');
    expect((await me(login.access)).json().email).toBe(email);
  });

  it('binds a phone and refuses binding an address someone else has', async () => {
    const user = await createUser(t.app, { email: uniqueEmail(), passwordHash: knownHash });
    const phone = uniquePhone();
    const res = await post(
      '/api/auth/sms/bind_phone/',
      { phone, code: await code('sms', 'bind_phone', phone, user.headers) },
      { headers: user.headers },
    );
    expect(res.json().phone).toBe(phone);
    const taken = await createUser(t.app, { email: uniqueEmail() });
    const refused = await post('/api/auth/sms/bind_phone/', { phone, code: '123456' }, { headers: taken.headers });
    expect(refused.json().fields.phone).toBeDefined();
    expect((await post('/api/auth/ses/bind_email/', { email: uniqueEmail(), code: '123456' })).statusCode).toBe(401);
  });

  it('cancels an email when a password remains', async () => {
    const email = uniqueEmail();
    const user = await createUser(t.app, { email, passwordHash: knownHash });
    const res = await post(
      '/api/auth/ses/cancel_email/',
      { code: await code('ses', 'cancel_email', email, user.headers) },
      { headers: user.headers },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email: null, has_password: true });
  });

  it('resets the password with a code and ends every session: refresh and access tokens', async () => {
    const email = uniqueEmail();
    const user = await createUser(t.app, { email, passwordHash: knownHash });
    const session = (await post('/api/token/', { username: email, password: PASSWORD })).json();
    const weak = await post('/api/auth/password/reset/', { email, code: '123456', new_password: 'password' });
    expect(weak.json().fields.new_password).toBeDefined();
    const c = await code('ses', 'reset_password', email);
    const res = await post('/api/auth/password/reset/', { email, code: c, new_password: OTHER_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ detail: expect.any(String) });
    expect((await post('/api/token/refresh/', { refresh: session.refresh })).statusCode).toBe(401);
    // Access tokens of every session end at once, not when they expire.
    expect((await me(session.access)).statusCode).toBe(401);
    expect((await me(user.token)).statusCode).toBe(401);
    const fresh = await post('/api/token/', { username: user.username, password: OTHER_PASSWORD });
    expect(fresh.statusCode).toBe(200);
    expect((await me(fresh.json().access)).statusCode).toBe(200);
    const both = await post('/api/auth/password/reset/', {
      email,
      phone: uniquePhone(),
      code: c,
      new_password: OTHER_PASSWORD,
    });
    expect(both.statusCode).toBe(400);
  });
});
