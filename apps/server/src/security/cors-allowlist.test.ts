// CORS with an allow-list (CORS_ORIGINS): only the listed origin is echoed, never a look-alike, a
// `null` origin or an arbitrary one, and credentials are never allowed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

const ALLOWED = 'https://app.example.com';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ CORS_ORIGINS: ALLOWED });
});
afterAll(async () => t?.close());

const preflight = (origin: string) =>
  t.app.inject({
    method: 'OPTIONS',
    url: '/api/tree/skills_tree/',
    headers: {
      origin,
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'authorization, content-type',
    },
  });

describe('an allow-listed deployment', () => {
  it('echoes the listed origin on reads and preflights, without allowing credentials', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health/', headers: { origin: ALLOWED } });
    expect(res.headers['access-control-allow-origin']).toBe(ALLOWED);
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
    const pre = await preflight(ALLOWED);
    expect(pre.statusCode).toBeLessThan(300);
    expect(pre.headers['access-control-allow-origin']).toBe(ALLOWED);
    expect(pre.headers['access-control-allow-credentials']).toBeUndefined();
  });

  it.each([
    'https://evil.example',
    'null',
    'https://app.example.com.evil.example',
    'https://evilapp.example.com',
    'http://app.example.com',
    'https://app.example.com:8443',
    'HTTPS://APP.EXAMPLE.COM.evil.example',
  ])('does not echo %s on reads or preflights', async (origin) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health/', headers: { origin } });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    const pre = await preflight(origin);
    expect(pre.headers['access-control-allow-origin']).toBeUndefined();
    expect(pre.headers['access-control-allow-credentials']).toBeUndefined();
  });
});
