import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestApp, type TestUser } from '../../testing/test-app.ts';
import { startFakeLlm, type FakeLlm } from '../../testing/fake-llm.ts';
import { configureAi } from '../ai/testing.ts';
import { createTree } from '../trees/testing.ts';

/** Over a real socket: a learner who closes the tutor mid-answer stops the upstream call. */
let t: TestApp;
let fake: FakeLlm;
let user: TestUser;
let baseUrl: string;

beforeAll(async () => {
  fake = await startFakeLlm();
  t = await createTestApp({ AI_ALLOW_PRIVATE_BASE_URL: '1' });
  await configureAi(t.app, fake.url);
  user = await createUser(t.app);
  baseUrl = await t.app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

describe('a tutor stream cut by the client', () => {
  it('stops the upstream call, logs it as cancelled and keeps no half conversation', async () => {
    const tree = (await createTree(t.app, user, {
      title: 'Go',
      data: {
        nodes: [
          { id: 'root', parent_id: null, title: 'Go' },
          { id: 'ch', parent_id: 'root', title: 'Channels' },
        ],
      },
    })) as { uuid: string };
    // The fake holds its answer after the first piece until the client hangs up.
    const hold = fake.holdNextStream(12);
    const controller = new AbortController();
    const response = await fetch(`${baseUrl}/api/llm/tutor/`, {
      method: 'POST',
      headers: { ...user.headers, 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify({ tree: tree.uuid, node_id: 'ch', message: 'Explain', mode: 'explain' }),
      signal: controller.signal,
    });
    const reader = response.body!.getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toContain('event: delta');
    await hold.reached();
    controller.abort();

    await expect
      .poll(() => t.app.db.selectFrom('ai_request_logs').selectAll().where('user_id', '=', user.id).executeTakeFirst())
      .toMatchObject({ kind: 'tutor', status: 'error', error: 'The request was cancelled.' });
    await expect.poll(() => fake.requests.at(-1)).toMatchObject({ path: '/v1/chat/completions', hungUp: true });
    const kept = await t.app.db.selectFrom('tutor_conversations').selectAll().where('user_id', '=', user.id).execute();
    expect(kept).toEqual([]);
  });
});
