import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: '1', LOGIN_FAILURES_PER_IP: '2' });
});
afterAll(async () => t?.close());

const fail = (forwardedFor: string, username: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/token/',
    payload: { username, password: 'wrong-password-here' },
    remoteAddress: '127.0.0.1',
    headers: { 'x-forwarded-for': forwardedFor },
  });

it('counts per-IP login failures by X-Forwarded-For when TRUST_PROXY is set', async () => {
  expect((await fail('203.0.113.7', 'ghost-a')).statusCode).toBe(401);
  expect((await fail('203.0.113.7', 'ghost-b')).statusCode).toBe(401);
  expect((await fail('203.0.113.7', 'ghost-c')).statusCode).toBe(429);
  // behind a trusted proxy, another client behind it is another address
  expect((await fail('203.0.113.8', 'ghost-d')).statusCode).toBe(401);
});
