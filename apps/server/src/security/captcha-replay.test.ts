import { call } from '../testing/call.ts';
// Captcha abuse: a solved proof of work is accepted once (a replay, also on another endpoint or in
// parallel, is captcha_invalid), and expired, forged or malformed payloads are refused without effect.
import { createHash, createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captchaKey, freshIp, solvedCaptcha, uniqueEmail, uniquePhone } from '../modules/accounts/testing.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { CONTENT_TABLES, expectError, snapshot } from './security.testing.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const post = (url: string, payload: object) => call(t.app, null, 'POST', url, payload, { remoteAddress: freshIp() });
const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64');
const decode = (payload: string) =>
  JSON.parse(Buffer.from(payload, 'base64').toString('utf8')) as Record<string, unknown>;
const outboxState = () => snapshot(t.app, [...CONTENT_TABLES, 'one_time_codes', 'captcha_solutions']);

/** A payload solved for a salt of our choosing, signed with `key` (the server's or an attacker's). */
function signedPayload(key: string, expiresS: number, number = 42) {
  const salt = `${'9f'.repeat(12)}?expires=${expiresS}&`;
  const challenge = createHash('sha256')
    .update(salt + String(number))
    .digest('hex');
  const signature = createHmac('sha256', key).update(challenge).digest('hex');
  return encode({ algorithm: 'SHA-256', challenge, number, salt, signature });
}

describe('captcha replay', () => {
  it('accepts a solved captcha once; the second use is captcha_invalid and sends nothing', async () => {
    const altcha = await solvedCaptcha(t.app);
    expect((await post('/api/ses/send/signup/', { email: uniqueEmail(), altcha })).statusCode).toBe(200);
    const before = await outboxState();
    expectError(await post('/api/ses/send/signup/', { email: uniqueEmail(), altcha }), 400, 'captcha_invalid');
    expect(await outboxState()).toBe(before);
  });

  it('refuses a solution used for a code send when it is replayed on another endpoint', async () => {
    const altcha = await solvedCaptcha(t.app);
    expect((await post('/api/sms/send/signup/', { phone: uniquePhone(), altcha })).statusCode).toBe(200);
    const before = await outboxState();
    expectError(await post('/api/ses/send/login/', { email: uniqueEmail(), altcha }), 400, 'captcha_invalid');
    expectError(
      await post('/api/auth/ses/signup/', {
        email: uniqueEmail(),
        code: '123456',
        password: 'replayed-captcha-9',
        altcha,
      }),
      400,
      'captcha_invalid',
    );
    expect(await outboxState()).toBe(before);
  });

  it('accepts one of several parallel uses of the same solution', async () => {
    const altcha = await solvedCaptcha(t.app);
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => post('/api/ses/send/signup/', { email: uniqueEmail(), altcha })),
    );
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    for (const res of answers.filter((r) => r.statusCode !== 200)) expectError(res, 400, 'captcha_invalid');
  });

  it('does not consume a solution when it is only verified, and reports it used afterwards', async () => {
    const altcha = await solvedCaptcha(t.app);
    expect((await post('/api/captcha/verify/', { payload: altcha })).json()).toEqual({ verified: true });
    expect((await post('/api/ses/send/signup/', { email: uniqueEmail(), altcha })).statusCode).toBe(200);
    expect((await post('/api/captcha/verify/', { payload: altcha })).json()).toEqual({ verified: false });
  });
});

describe('expired and forged challenges', () => {
  const now = () => Math.floor(Date.now() / 1000);

  it.each([
    ['an expired challenge signed by the server key', () => signedPayload(captchaKey(t.config.secretKey), now() - 1)],
    ['a challenge signed with a key of the attacker', () => signedPayload('attacker-key', now() + 300)],
    [
      'a challenge claiming a far-future expiry',
      () => signedPayload(captchaKey(t.config.secretKey), now() + 365 * 24 * 3600),
    ],
    [
      'a signature made over the salt instead of the challenge',
      () => {
        const good = decode(signedPayload(captchaKey(t.config.secretKey), now() + 300));
        return encode({
          ...good,
          signature: createHmac('sha256', captchaKey(t.config.secretKey)).update(String(good.salt)).digest('hex'),
        });
      },
    ],
    [
      'a solved payload whose number was changed',
      async () => {
        const good = decode(await solvedCaptcha(t.app));
        return encode({ ...good, number: Number(good.number) + 1 });
      },
    ],
    [
      'a solved payload with another algorithm',
      async () => encode({ ...decode(await solvedCaptcha(t.app)), algorithm: 'SHA-1' }),
    ],
    [
      'a solved payload whose number is a string',
      async () => {
        const good = decode(await solvedCaptcha(t.app));
        return encode({ ...good, number: String(good.number) });
      },
    ],
    ['a negative number', () => signedPayload(captchaKey(t.config.secretKey), now() + 300, -1)],
    ['base64 of something that is not JSON', () => Buffer.from('<script>alert(1)</script>').toString('base64')],
    ['base64 of JSON null', () => encode(null)],
    ['base64 of a JSON array', () => encode([1, 2, 3])],
    [
      'a payload with __proto__ keys',
      () => Buffer.from('{"__proto__":{"verified":true},"algorithm":"SHA-256"}').toString('base64'),
    ],
    ['not base64 at all', () => '%%%not base64%%%'],
    ['a 100 kB payload', () => 'A'.repeat(100_000)],
  ])('refuses %s with captcha_invalid and changes nothing', async (_what, make) => {
    const altcha = await make();
    const before = await outboxState();
    const res = await post('/api/ses/send/signup/', { email: uniqueEmail(), altcha });
    expect([400, 413]).toContain(res.statusCode);
    if (res.statusCode === 400) expect(['captcha_invalid', 'invalid']).toContain(res.json().code);
    expectError(res, res.statusCode);
    const verify = await post('/api/captcha/verify/', { payload: altcha });
    if (verify.statusCode === 200) expect(verify.json()).toEqual({ verified: false });
    else expectError(verify, 400, 'invalid');
    expect(await outboxState()).toBe(before);
    expect(({} as Record<string, unknown>).verified).toBeUndefined();
  });

  it('answers captcha_required when the captcha is missing, empty or null', async () => {
    for (const altcha of [undefined, '', null]) {
      const res = await post('/api/ses/send/signup/', {
        email: uniqueEmail(),
        ...(altcha === undefined ? {} : { altcha }),
      });
      expect(res.statusCode).toBe(400);
      expect(['captcha_required', 'invalid']).toContain(res.json().code);
    }
  });
});
