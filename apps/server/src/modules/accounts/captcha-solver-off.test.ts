import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ CAPTCHA_DEV_SOLVER: '0' });
});
afterAll(async () => t?.close());

it('hides solve_challenge with 404 unless CAPTCHA_DEV_SOLVER is on', async () => {
  const challenge = (await t.app.inject({ method: 'GET', url: '/api/captcha/challenge/' })).json();
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/captcha/solve_challenge/',
    payload: { challenge: challenge.challenge, salt: challenge.salt },
  });
  expect(res.statusCode).toBe(404);
  expect(res.json().code).toBe('not_found');
});
