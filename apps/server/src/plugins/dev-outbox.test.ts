import { afterEach, describe, expect, it } from 'vitest';
import { obtainCode } from '../modules/accounts/testing.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** Asks for a sign-up code, as the sign-up page does; returns it as the outbox file holds it. */
const sendSignupCode = (test: TestApp, email: string) =>
  obtainCode(test.app, test.config.dataDir, 'ses', 'signup', email);

const view = (app: TestApp['app'], extra: Record<string, unknown> = {}) =>
  app.inject({ method: 'GET', url: '/dev/outbox', headers: { 'accept-language': 'en-US' }, ...extra });

describe('/dev/outbox, the local mail viewer', () => {
  it('shows this machine the sign-up code under `npm start` on a fresh clone (production on 127.0.0.1)', async () => {
    t = await createTestApp({ NODE_ENV: 'production', HOST: '127.0.0.1' });
    const empty = await view(t.app);
    expect(empty.statusCode).toBe(200);
    expect(empty.body).toContain('data-testid="outbox-empty"');
    const code = await sendSignupCode(t, 'newcomer@example.test');
    const res = await view(t.app);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toContain('newcomer@example.test');
    expect(res.body).toContain(`data-testid="outbox-code">${code}<`);
  });

  it('speaks the language of the web app’s cookie', async () => {
    t = await createTestApp({ NODE_ENV: 'production' });
    const res = await view(t.app, { headers: { cookie: 'arbor_locale=ja-JP', 'accept-language': 'en-US' } });
    expect(res.body).toContain('<html lang="ja-JP">');
    expect(res.body).toContain('ローカルメールビューア');
  });

  it('does not exist in a deployment: public address, public URL or real mail', async () => {
    for (const env of <Record<string, string>[]>[
      { NODE_ENV: 'production', HOST: '0.0.0.0' },
      { NODE_ENV: 'production', PUBLIC_BASE_URL: 'https://arbor.example.com' },
      { NODE_ENV: 'development', MAIL_TRANSPORT: 'smtp', SMTP_URL: 'smtp://127.0.0.1:2525' },
    ]) {
      t = await createTestApp(env);
      // (real mail is not sent here: no SMTP server listens)
      const code = env.MAIL_TRANSPORT === 'smtp' ? 'no-code' : await sendSignupCode(t, 'deployed@example.test');
      const res = await view(t.app);
      // The path falls through to the web app like any unknown path: no viewer, no message, no code.
      expect(res.body, JSON.stringify(env)).not.toContain('Local mail viewer');
      expect(res.body).not.toContain('deployed@example.test');
      expect(res.body).not.toContain(code);
      await t.close();
      t = undefined;
    }
  });

  it('answers only this machine, never through a proxy', async () => {
    t = await createTestApp({ NODE_ENV: 'development', HOST: '0.0.0.0' });
    await sendSignupCode(t, 'someone@example.test');
    for (const extra of [
      { remoteAddress: '192.168.1.20' },
      { remoteAddress: '::ffff:10.0.0.3' },
      { headers: { 'x-forwarded-for': '203.0.113.9' } },
      { headers: { forwarded: 'for=203.0.113.9' } },
    ]) {
      const res = await view(t.app, extra);
      expect(res.statusCode, JSON.stringify(extra)).toBe(404);
      expect(res.body).not.toContain('someone@example.test');
    }
    expect((await view(t.app, { remoteAddress: '::1' })).statusCode).toBe(200);
  });
});
