import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestApp, type TestUser } from '../../testing/test-app.ts';
import { startFakeLlm, type FakeLlm } from '../../testing/fake-llm.ts';
import { configureAi } from './ai.testing.ts';

/** Over a real socket: a browser that goes away must stop the upstream call. */
let t: TestApp;
let fake: FakeLlm;
let user: TestUser;
let baseUrl: string;

beforeAll(async () => {
  fake = await startFakeLlm({ delayMs: 200 });
  t = await createTestApp({ AI_ALLOW_PRIVATE_BASE_URL: '1' });
  await configureAi(t.app, fake.url);
  user = await createUser(t.app);
  baseUrl = await t.app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

async function waitForLog() {
  for (let i = 0; i < 50; i++) {
    const row = await t.app.db
      .selectFrom('ai_request_logs')
      .selectAll()
      .where('user_id', '=', user.id)
      .executeTakeFirst();
    if (row) return row;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('no request log written');
}

describe('cancellation', () => {
  it('aborts the upstream stream when the client disconnects, and logs it', async () => {
    fake.setMode('slow');
    const controller = new AbortController();
    const response = await fetch(`${baseUrl}/api/llm/ai-content/generate_node/`, {
      method: 'POST',
      headers: { ...user.headers, 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify({ title: 'Cancel me', mode: 'content' }),
      signal: controller.signal,
    });
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const reader = response.body!.getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    expect(first).toContain('event: delta');
    controller.abort();

    const row = await waitForLog();
    expect(row).toMatchObject({ status: 'error', error: 'The request was cancelled.' });
    // The whole answer would take seconds more; the upstream was cut after the first pieces.
    expect(row.response_excerpt).toBe('');
    await expect.poll(() => fake.requests.at(-1)).toMatchObject({ path: '/v1/chat/completions', hungUp: true });
  });
});
