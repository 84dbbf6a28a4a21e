import { createHash, createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { freshIp, uniqueEmail } from './accounts.testing.ts';
import { captchaKey } from './captcha.service.ts';
import { solvedCaptcha } from './captcha.testing.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const decode = (payload: string) => JSON.parse(Buffer.from(payload, 'base64').toString('utf8'));
const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64');
const post = (url: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url, payload, remoteAddress: freshIp() });

describe('captcha', () => {
  it('hands out a signed challenge that expires in 10 minutes', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/captcha/challenge/' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['algorithm', 'challenge', 'maxnumber', 'salt', 'signature']);
    expect(body.algorithm).toBe('SHA-256');
    const expires = Number(/expires=(\d+)/.exec(body.salt)![1]);
    expect(expires * 1000 - Date.now()).toBeGreaterThan(9 * 60 * 1000);
    expect(expires * 1000 - Date.now()).toBeLessThanOrEqual(10 * 60 * 1000);
  });

  it('verifies a solved payload and extracts its parameters', async () => {
    const payload = await solvedCaptcha(t.app);
    expect((await post('/api/captcha/verify/', { payload })).json()).toEqual({ verified: true });
    const params = (await post('/api/captcha/extract_params/', { payload })).json();
    expect(Number(params.expires)).toBeGreaterThan(Date.now() / 1000);
  });

  it('refuses a payload with a wrong number or signature', async () => {
    const good = decode(await solvedCaptcha(t.app));
    for (const bad of [
      { ...good, number: good.number + 1 },
      { ...good, signature: 'a'.repeat(64) },
    ]) {
      expect((await post('/api/captcha/verify/', { payload: encode(bad) })).json()).toEqual({ verified: false });
    }
    expect((await post('/api/captcha/verify/', { payload: 'not base64 json' })).json()).toEqual({ verified: false });
  });

  it('refuses a spliced salt that moves digits of the number into the expiry (CVE-2025-68113)', async () => {
    const key = captchaKey(t.config.secretKey);
    // A challenge signed the way a vulnerable server would: no `&` ends the salt, so `salt + number`
    // can be split differently to push the expiry far into the future with the same hash.
    const salt = `${'ab'.repeat(12)}?expires=${Math.floor(Date.now() / 1000) + 600}`;
    const number = 123456;
    const challenge = createHash('sha256')
      .update(salt + number)
      .digest('hex');
    const signature = createHmac('sha256', key).update(challenge).digest('hex');
    const spliced = { algorithm: 'SHA-256', challenge, signature, salt: salt + '12345', number: 6 };
    expect((await post('/api/captcha/verify/', { payload: encode(spliced) })).json()).toEqual({ verified: false });
    const res = await post('/api/ses/send/signup/', { email: uniqueEmail(), altcha: encode(spliced) });
    expect(res.json().code).toBe('captcha_invalid');
  });

  it('refuses an expired challenge', async () => {
    const key = captchaKey(t.config.secretKey);
    const salt = `${'cd'.repeat(12)}?expires=${Math.floor(Date.now() / 1000) - 5}&`;
    const challenge = createHash('sha256')
      .update(salt + '7')
      .digest('hex');
    const signature = createHmac('sha256', key).update(challenge).digest('hex');
    const payload = encode({ algorithm: 'SHA-256', challenge, signature, salt, number: 7 });
    expect((await post('/api/captcha/verify/', { payload })).json()).toEqual({ verified: false });
  });

  it('accepts a solution once: a replay is captcha_invalid', async () => {
    const altcha = await solvedCaptcha(t.app);
    const first = await post('/api/ses/send/signup/', { email: uniqueEmail(), altcha });
    expect(first.statusCode).toBe(200);
    const replay = await post('/api/ses/send/signup/', { email: uniqueEmail(), altcha });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().code).toBe('captcha_invalid');
    expect((await post('/api/captcha/verify/', { payload: altcha })).json()).toEqual({ verified: false });
  });

  it('answers captcha_required when the payload is missing', async () => {
    const res = await post('/api/ses/send/signup/', { email: uniqueEmail() });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('captcha_required');
  });

  it('verifies a fields hash', async () => {
    const form_data = { name: 'Ada', email: 'ada@example.com' };
    const fields_hash = createHash('sha256').update('Ada\nada@example.com').digest('hex');
    expect(
      (await post('/api/captcha/verify_fields_hash/', { form_data, fields: ['name', 'email'], fields_hash })).json(),
    ).toEqual({ verified: true });
    expect(
      (await post('/api/captcha/verify_fields_hash/', { form_data, fields: ['email', 'name'], fields_hash })).json(),
    ).toEqual({ verified: false });
  });

  it('verifies a server signature made with the captcha key and refuses a forged one', async () => {
    const key = captchaKey(t.config.secretKey);
    const verificationData = `expire=${Math.floor(Date.now() / 1000) + 60}&verified=true&score=0.5&fields=email`;
    const digest = createHash('sha256').update(verificationData).digest();
    const signature = createHmac('sha256', key).update(digest).digest('hex');
    const payload = encode({ algorithm: 'SHA-256', verificationData, signature, verified: true });
    const ok = (await post('/api/captcha/verify_server_signature/', { payload })).json();
    expect(ok.verified).toBe(true);
    expect(ok.verification_data).toMatchObject({ verified: true, fields: ['email'] });
    const forged = encode({ algorithm: 'SHA-256', verificationData, signature: '0'.repeat(64), verified: true });
    expect((await post('/api/captcha/verify_server_signature/', { payload: forged })).json().verified).toBe(false);
  });

  it('solves a challenge with the development solver', async () => {
    const challenge = (await t.app.inject({ method: 'GET', url: '/api/captcha/challenge/' })).json();
    const res = await post('/api/captcha/solve_challenge/', { challenge: challenge.challenge, salt: challenge.salt });
    expect(res.statusCode).toBe(200);
    const { number } = res.json();
    expect(
      createHash('sha256')
        .update(challenge.salt + number)
        .digest('hex'),
    ).toBe(challenge.challenge);
  });
});
