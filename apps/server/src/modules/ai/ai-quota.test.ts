import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestApp, type TestUser } from '../../testing/test-app.ts';
import { startFakeLlm, type FakeLlm } from '../../testing/fake-llm.ts';
import { configureAi, type ConfiguredAi } from './ai.testing.ts';

let t: TestApp;
let fake: FakeLlm;
let user: TestUser;

beforeAll(async () => {
  fake = await startFakeLlm();
  t = await createTestApp({ AI_ALLOW_PRIVATE_BASE_URL: '1', AI_DAILY_QUOTA: '2' });
  user = await createUser(t.app);
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const generate = (who: TestUser) =>
  t.app.inject({
    method: 'POST',
    url: '/api/llm/ai-content/generate_node/',
    headers: who.headers,
    payload: { title: 'Q', mode: 'summary' },
  });
const image = (who: TestUser) =>
  t.app.inject({
    method: 'POST',
    url: '/api/llm/image-generation/generate_image/',
    headers: who.headers,
    payload: { prompt: 'q' },
  });

describe('without configuration', () => {
  it('answers 503 ai_not_configured with no active provider', async () => {
    for (const res of [await generate(user), await image(user)]) {
      expect(res.statusCode).toBe(503);
      expect(res.json().code).toBe('ai_not_configured');
    }
    expect(fake.requests).toHaveLength(0);
    const status = await t.app.inject({ method: 'GET', url: '/api/llm/status/', headers: user.headers });
    expect(status.json()).toMatchObject({
      configured: false,
      chat: false,
      image: false,
      quota: { limit: 2, used: 0, remaining: 2 },
    });
  });
});

describe('daily quota', () => {
  let ai: ConfiguredAi;
  beforeAll(async () => {
    ai = await configureAi(t.app, fake.url);
  });

  it('answers 503 when the active provider has no model of the needed kind', async () => {
    await t.app.inject({
      method: 'PATCH',
      url: `/api/llm/deepseek-models/${ai.imageModelId}/`,
      headers: ai.admin.headers,
      payload: { is_active: false },
    });
    const res = await image(user);
    expect(res.statusCode).toBe(503);
    expect(res.json().detail).toContain('image model');
    await t.app.inject({
      method: 'PATCH',
      url: `/api/llm/deepseek-models/${ai.imageModelId}/`,
      headers: ai.admin.headers,
      payload: { is_active: true },
    });
  });

  it('throttles a user after AI_DAILY_QUOTA calls, failures included, with Retry-After', async () => {
    expect((await generate(user)).statusCode).toBe(200);
    fake.setMode('server_error', { times: 2 });
    expect((await generate(user)).statusCode).toBe(502);
    const before = fake.requests.length;
    const res = await generate(user);
    expect(res.statusCode).toBe(429);
    expect(res.json().code).toBe('throttled');
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect((await image(user)).statusCode).toBe(429);
    expect(fake.requests.length).toBe(before);
    const status = await t.app.inject({ method: 'GET', url: '/api/llm/status/', headers: user.headers });
    expect(status.json()).toMatchObject({
      configured: true,
      chat: true,
      image: true,
      quota: { limit: 2, used: 2, remaining: 0 },
    });
  });

  it('counts each user separately', async () => {
    const other = await createUser(t.app);
    expect((await generate(other)).statusCode).toBe(200);
  });
});
