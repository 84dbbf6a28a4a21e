import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestApp } from '../../testing/test-app.ts';
import {
  forgetSends,
  freshIp,
  latestCode,
  obtainCode,
  readOutbox,
  sendCode,
  uniqueEmail,
  uniquePhone,
} from './accounts.testing.ts';
import { solvedCaptcha } from './captcha.testing.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ CODE_SENDS_PER_IP_HOUR: '4' });
});
afterAll(async () => t?.close());

const checkCode = (channel: 'ses' | 'sms', body: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: `/api/${channel}/check_code/`, payload: body });

describe('sending codes', () => {
  it('sends a 6-digit email code, writes it to the outbox and stores only its hash', async () => {
    const email = uniqueEmail();
    const res = await sendCode(t.app, 'ses', 'signup', email.toUpperCase());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ detail: expect.any(String), expires_in: 600, resend_after: 60 });
    const message = readOutbox(t.database.dataDir).find((m) => m.to === email)!;
    expect(message).toMatchObject({
      channel: 'email',
      to: email,
      purpose: 'signup',
      subject: expect.any(String),
      created_at: expect.any(String),
    });
    const code = await latestCode(t.database.dataDir, email);
    expect(code).toMatch(/^\d{6}$/);
    const rows = await t.app.db.selectFrom('one_time_codes').selectAll().where('address', '=', email).execute();
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(code);
  });

  it('sends an SMS code for every phone purpose that needs no login', async () => {
    const phone = uniquePhone();
    await createUser(t.app, { phone });
    for (const purpose of ['login', 'reset_password']) {
      const res = await sendCode(t.app, 'sms', purpose, phone);
      expect(res.statusCode).toBe(200);
      await t.app.db.deleteFrom('throttle_events').where('bucket', 'like', `code-address:sms:${phone}`).execute();
    }
    await latestCode(t.database.dataDir, phone, 'reset_password');
    expect(
      readOutbox(t.database.dataDir)
        .filter((m) => m.to === phone && m.channel === 'sms')
        .map((m) => m.purpose),
    ).toEqual(['login', 'reset_password']);
  });

  it('localises the message by Accept-Language', async () => {
    const email = uniqueEmail();
    await sendCode(t.app, 'ses', 'signup', email, { headers: { 'accept-language': 'en-US,en;q=0.9' } });
    expect(readOutbox(t.database.dataDir).find((m) => m.to === email)!.text).toContain('Your Arbor code');
    const other = uniqueEmail();
    await sendCode(t.app, 'ses', 'signup', other, { headers: { 'accept-language': 'ja' } });
    expect(readOutbox(t.database.dataDir).find((m) => m.to === other)!.text).toContain('認証コード');
    const fallback = uniqueEmail();
    await sendCode(t.app, 'ses', 'signup', fallback);
    expect(readOutbox(t.database.dataDir).find((m) => m.to === fallback)!.text).toContain('验证码');
  });

  it('answers 200 for an unknown address on login and reset_password but sends nothing', async () => {
    const known = uniqueEmail();
    await createUser(t.app, { email: known });
    for (const purpose of ['login', 'reset_password']) {
      const email = uniqueEmail();
      const res = await sendCode(t.app, 'ses', purpose, email);
      expect(res.statusCode).toBe(200);
      // These purposes deliver after answering. A send to a known address, made after, is the barrier:
      // once its code is in the outbox, a delivery to the unknown address would have been written too.
      await forgetSends(t.app, known);
      expect((await sendCode(t.app, 'ses', purpose, known)).statusCode).toBe(200);
      await latestCode(t.database.dataDir, known, purpose);
      expect(readOutbox(t.database.dataDir).some((m) => m.to === email)).toBe(false);
    }
  });

  it('refuses a signup code for a taken address with fields.email / fields.phone', async () => {
    const email = uniqueEmail();
    const phone = uniquePhone();
    await createUser(t.app, { email, phone });
    const byEmail = await sendCode(t.app, 'ses', 'signup', email);
    expect(byEmail.statusCode).toBe(400);
    expect(byEmail.json().fields.email).toBeDefined();
    const byPhone = await sendCode(t.app, 'sms', 'signup', phone);
    expect(byPhone.statusCode).toBe(400);
    expect(byPhone.json().fields.phone).toBeDefined();
  });

  it('needs a login for bind, cancel and message purposes', async () => {
    for (const [channel, purpose] of [
      ['ses', 'bind_email'],
      ['ses', 'cancel_email'],
      ['sms', 'bind_phone'],
      ['sms', 'cancel_phone'],
      ['sms', 'message'],
    ] as const) {
      const res = await sendCode(t.app, channel, purpose, channel === 'ses' ? uniqueEmail() : uniquePhone());
      expect(res.statusCode).toBe(401);
    }
    const phone = uniquePhone();
    const user = await createUser(t.app, { phone });
    expect((await sendCode(t.app, 'sms', 'message', phone, { headers: user.headers })).statusCode).toBe(200);
    const foreign = await sendCode(t.app, 'sms', 'message', uniquePhone(), { headers: user.headers });
    expect(foreign.statusCode).toBe(400);
  });

  it('allows one send per address per 60 s and answers 429 with Retry-After', async () => {
    const email = uniqueEmail();
    expect((await sendCode(t.app, 'ses', 'signup', email)).statusCode).toBe(200);
    const again = await sendCode(t.app, 'ses', 'signup', email);
    expect(again.statusCode).toBe(429);
    expect(again.json().code).toBe('throttled');
    const retryAfter = Number(again.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
  });

  it('allows 10 sends per address per hour', async () => {
    const email = uniqueEmail();
    const old = new Date(Date.now() - 10 * 60 * 1000).toISOString();
    await t.app.db
      .insertInto('throttle_events')
      .values(Array.from({ length: 10 }, () => ({ bucket: `code-address:email:${email}`, created_at: old })))
      .execute();
    const res = await sendCode(t.app, 'ses', 'signup', email);
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(60);
  });

  it('limits sends per client IP (CODE_SENDS_PER_IP_HOUR) and ignores X-Forwarded-For without TRUST_PROXY', async () => {
    const ip = freshIp();
    for (let i = 0; i < 4; i += 1) {
      const res = await sendCode(t.app, 'ses', 'signup', uniqueEmail(), {
        ip,
        headers: { 'x-forwarded-for': `192.0.2.${i}` },
      });
      expect(res.statusCode).toBe(200);
    }
    const res = await sendCode(t.app, 'ses', 'signup', uniqueEmail(), {
      ip,
      headers: { 'x-forwarded-for': '192.0.2.99' },
    });
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBeDefined();
  });

  it('validates addresses: E.164 phones and well-formed emails', async () => {
    const altcha = await solvedCaptcha(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/sms/send/login/',
      payload: { phone: '13800138000', altcha },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.phone).toBeDefined();
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/ses/send/nope/',
      payload: { email: uniqueEmail(), altcha },
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('checking codes', () => {
  it('checks a code without consuming it', async () => {
    const email = uniqueEmail();
    const code = await obtainCode(t.app, t.database.dataDir, 'ses', 'signup', email);
    for (let i = 0; i < 2; i += 1) {
      const res = await checkCode('ses', { email, code, purpose: 'signup' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ valid: true });
    }
    const otherPurpose = await checkCode('ses', { email, code, purpose: 'login' });
    expect(otherPurpose.json().code).toBe('code_invalid');
  });

  it('burns a code after 5 wrong tries', async () => {
    const phone = uniquePhone();
    const code = await obtainCode(t.app, t.database.dataDir, 'sms', 'signup', phone);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i += 1) {
      const res = await checkCode('sms', { phone, code: wrong, purpose: 'signup' });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('code_invalid');
    }
    const right = await checkCode('sms', { phone, code, purpose: 'signup' });
    expect(right.statusCode).toBe(400);
    expect(right.json().code).toBe('code_invalid');
  });

  it('answers code_expired after 10 minutes', async () => {
    const email = uniqueEmail();
    const code = await obtainCode(t.app, t.database.dataDir, 'ses', 'signup', email);
    await t.app.db
      .updateTable('one_time_codes')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('address', '=', email)
      .execute();
    const res = await checkCode('ses', { email, code, purpose: 'signup' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('code_expired');
  });

  it('keeps only the latest code valid', async () => {
    const email = uniqueEmail();
    const first = await obtainCode(t.app, t.database.dataDir, 'ses', 'signup', email);
    await t.app.db.deleteFrom('throttle_events').where('bucket', '=', `code-address:email:${email}`).execute();
    const second = await obtainCode(t.app, t.database.dataDir, 'ses', 'signup', email);
    if (first !== second)
      expect((await checkCode('ses', { email, code: first, purpose: 'signup' })).statusCode).toBe(400);
    expect((await checkCode('ses', { email, code: second, purpose: 'signup' })).statusCode).toBe(200);
  });
});
