import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { call as callApi } from '../../testing/call.ts';
import { startFakeLlm, type FakeLlm } from '../../testing/fake-llm.ts';
import { createTestApp, createUser, type TestApp, type TestUser } from '../../testing/test-app.ts';
import { seedDefaultPrompts } from '../ai/index.ts';
import { configureAi, FAKE_API_KEY, parseSse } from '../ai/testing.ts';
import { createTree } from '../trees/testing.ts';

let t: TestApp;
let fake: FakeLlm;
let author: TestUser;
let learner: TestUser;
let other: TestUser;

const document = {
  nodes: [
    { id: 'root', parent_id: null, title: 'Rust' },
    { id: 'basics', parent_id: 'root', title: 'Basics', summary: 'Syntax and tools.' },
    {
      id: 'own',
      parent_id: 'root',
      title: 'Ownership',
      summary: 'Who frees memory.',
      content: '# Moves and borrows\nEach value has one owner; MOVE-SEMANTICS-MARKER.',
    },
    { id: 'life', parent_id: 'own', title: 'Lifetimes' },
  ],
  links: [{ source: 'basics', target: 'own', kind: 'prerequisite' }],
};

const call = (
  who: TestUser | null,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
) => callApi(t.app, who, method, url, payload);
const ask = (who: TestUser | null, body: object, headers: Record<string, string> = {}) =>
  callApi(t.app, who, 'POST', '/api/llm/tutor/', body, { headers });
const lastRequest = () => fake.requests.at(-1)!.body as { messages: Array<{ role: string; content: string }> };
const systemPrompt = () => lastRequest().messages.find((m) => m.role === 'system')!.content;

/** A template of `document` by the author: two learners learn the very same subject. */
async function template(): Promise<string> {
  const tree = (await createTree(t.app, author, { title: 'Rust', visibility: 'public', data: document })) as {
    id: number;
  };
  const res = await call(author, 'POST', '/api/community/trees-shared/share_tree/', { tree: tree.id });
  expect(res.statusCode).toBe(201);
  return (res.json() as { uuid: string }).uuid;
}

async function card(who: TestUser, share: string, nodeId: string, front: string, lapses: number) {
  const res = await call(who, 'POST', '/api/learn/cards/', { share, node_id: nodeId, front, back: `${front} answer` });
  expect(res.statusCode).toBe(201);
  await t.app.db
    .updateTable('learning_cards')
    .set({ lapses })
    .where('id', '=', (res.json() as { id: number }).id)
    .execute();
}

beforeAll(async () => {
  fake = await startFakeLlm();
  t = await createTestApp({ AI_ALLOW_PRIVATE_BASE_URL: '1' });
  [author, learner, other] = await Promise.all([createUser(t.app), createUser(t.app), createUser(t.app)]);
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});
afterEach(() => fake.setMode('normal'));

describe('without an active chat model', () => {
  it('answers 503 ai_not_configured in the error shape and calls nothing', async () => {
    const share = await template();
    const res = await ask(learner, { share, node_id: 'own', message: 'Explain', mode: 'explain' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ code: 'ai_not_configured', detail: expect.any(String) });
    expect(fake.requests).toHaveLength(0);
  });

  it('refuses anonymous callers on every call', async () => {
    const share = await template();
    expect((await ask(null, { share, message: 'Hi' })).statusCode).toBe(401);
    expect((await call(null, 'GET', `/api/llm/tutor/conversations/?share=${share}`)).statusCode).toBe(401);
    const uuid = '00000000-0000-4000-8000-000000000000';
    expect((await call(null, 'GET', `/api/llm/tutor/conversations/${uuid}/`)).statusCode).toBe(401);
    expect((await call(null, 'DELETE', `/api/llm/tutor/conversations/${uuid}/`)).statusCode).toBe(401);
  });
});

describe('with the fake provider', () => {
  let share: string;
  let ai: Awaited<ReturnType<typeof configureAi>>;
  beforeAll(async () => {
    ai = await configureAi(t.app, fake.url);
    share = await template();
    // Both learn the same template: each has a note and cards on the node and its prerequisite.
    for (const [who, name] of [
      [learner, 'LEARNER'],
      [other, 'OTHER'],
    ] as const) {
      await call(who, 'PUT', '/api/learn/notes/', { share, node_id: 'own', content: `${name}-NOTE on ownership` });
      await card(who, share, 'own', `${name}-CARD-borrow`, 3);
      await card(who, share, 'basics', `${name}-CARD-cargo`, 5);
    }
    // The learner's sixth weakest card does not make the five; a card on an unrelated node never does.
    for (let i = 0; i < 4; i++) await card(learner, share, 'own', `LEARNER-CARD-extra-${i}`, 1);
    await card(learner, share, 'own', 'LEARNER-CARD-easy', 0);
    await card(learner, share, 'life', 'LEARNER-CARD-unrelated', 9);
    await call(learner, 'PUT', '/api/learn/progress/', { share, node_id: 'basics', status: 'done' });
  });

  it('grounds the prompt in the node and the caller alone, never in another learner of the same template', async () => {
    const res = await ask(learner, { share, node_id: 'own', message: 'Explain this', mode: 'explain' });
    expect(res.statusCode).toBe(200);
    const prompt = systemPrompt();
    expect(prompt).toContain('Rust');
    expect(prompt).toContain('"Ownership" [[node:own]]');
    expect(prompt).toContain('MOVE-SEMANTICS-MARKER');
    expect(prompt).toContain('Who frees memory.');
    expect(prompt).toContain('LEARNER-NOTE on ownership');
    // The node it waits for, with the learner's status.
    expect(prompt).toMatch(/"Basics" \[\[node:basics\]\] — done/);
    // The five weakest, most lapses first: cargo (5), borrow (3), then three of the four extras (1).
    const weakest = ['LEARNER-CARD-cargo', 'LEARNER-CARD-borrow'];
    expect(prompt.indexOf(weakest[0]!)).toBeGreaterThan(-1);
    expect(prompt.indexOf(weakest[0]!)).toBeLessThan(prompt.indexOf(weakest[1]!));
    expect(prompt.match(/Q: LEARNER-CARD-extra/g)).toHaveLength(3);
    expect(prompt).not.toContain('LEARNER-CARD-easy');
    expect(prompt).not.toContain('LEARNER-CARD-unrelated');
    expect(prompt).toContain('1 of 3 nodes done');
    expect(JSON.stringify(lastRequest())).not.toContain('OTHER-');
  });

  it('answers with the message, real citations and its request log, logged as a tutor call', async () => {
    const res = await ask(learner, { share, node_id: 'own', message: 'Explain this', mode: 'explain' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ conversation: expect.any(String), request_log: expect.any(Number) });
    expect(body.message).toMatchObject({ role: 'assistant', id: expect.any(Number), created_at: expect.any(String) });
    expect(body.message.content).toContain('[[node:own]]');
    expect(body.message.citations).toEqual(
      expect.arrayContaining([
        { node_id: 'own', title: 'Ownership' },
        { node_id: 'basics', title: 'Basics' },
      ]),
    );
    const log = await call(learner, 'GET', `/api/llm/request-logs/${body.request_log}/`);
    expect(log.json()).toMatchObject({ kind: 'tutor', status: 'success' });
  });

  it('drops citations of nodes that are not in the document', async () => {
    const res = await ask(learner, { share, node_id: 'own', message: 'And [[node:ghost]] or [[node:life]]?' });
    expect(res.statusCode).toBe(200);
    const { message } = res.json();
    expect(message.content).not.toContain('ghost');
    expect(message.content).toContain('[[node:life]]');
    expect(message.citations).toContainEqual({ node_id: 'life', title: 'Lifetimes' });
    expect(message.citations.map((c: { node_id: string }) => c.node_id)).not.toContain('ghost');
  });

  it('streams deltas then done, and goes on with the conversation and its history', async () => {
    const first = await ask(
      learner,
      { share, node_id: 'own', message: 'Quiz me', mode: 'quiz' },
      { accept: 'text/event-stream' },
    );
    expect(first.headers['content-type']).toContain('text/event-stream');
    const events = parseSse(first.body);
    expect(events.filter((e) => e.event === 'delta').length).toBeGreaterThan(1);
    const done = events.at(-1)!;
    expect(done.event).toBe('done');
    const answer = done.data as { conversation: string; message: { content: string } };
    const streamed = events
      .filter((e) => e.event === 'delta')
      .map((e) => (e.data as { text: string }).text)
      .join('');
    expect(streamed).toContain('**Question:**');
    expect(answer.message.content).toContain('**Question:**');

    const second = await ask(learner, {
      share,
      conversation: answer.conversation,
      message: 'Each value has one owner.',
      mode: 'quiz',
    });
    expect(second.statusCode).toBe(200);
    expect(second.json().conversation).toBe(answer.conversation);
    expect(second.json().message.content).toContain('**Grade:**');
    const sent = lastRequest().messages.map((m) => m.role);
    expect(sent).toEqual(['system', 'user', 'assistant', 'user']);

    const read = await call(learner, 'GET', `/api/llm/tutor/conversations/${answer.conversation}/`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ uuid: answer.conversation, node_id: 'own', subject: { kind: 'share' } });
    expect(read.json().messages.map((m: { role: string }) => m.role)).toEqual([
      'user',
      'assistant',
      'user',
      'assistant',
    ]);
    const list = await call(learner, 'GET', `/api/llm/tutor/conversations/?share=${share}`);
    expect(list.statusCode).toBe(200);
    expect(list.json()[0]).toMatchObject({ uuid: answer.conversation, title: 'Quiz me', node_id: 'own' });
  });

  it('keeps conversations to their learner: another user gets 404 and an empty list', async () => {
    const mine = (await ask(learner, { share, node_id: 'own', message: 'Hello' })).json().conversation as string;
    const url = `/api/llm/tutor/conversations/${mine}/`;
    expect((await call(other, 'GET', url)).statusCode).toBe(404);
    expect((await call(other, 'DELETE', url)).statusCode).toBe(404);
    const theirs = await ask(other, { share, conversation: mine, message: 'Let me in' });
    expect(theirs.statusCode).toBe(404);
    const list = await call(other, 'GET', `/api/llm/tutor/conversations/?share=${share}`);
    expect(list.json().map((c: { uuid: string }) => c.uuid)).not.toContain(mine);
    expect((await call(learner, 'GET', '/api/llm/tutor/conversations/not-a-uuid/')).statusCode).toBe(404);

    expect((await call(learner, 'DELETE', url)).statusCode).toBe(204);
    expect((await call(learner, 'GET', url)).statusCode).toBe(404);
  });

  it("takes the learner's conversations on a subject they forget with it, and only theirs", async () => {
    const tree = (await createTree(t.app, author, { title: 'Forgotten', visibility: 'public', data: document })) as {
      uuid: string;
    };
    const asked = async (who: TestUser, ref: object) =>
      (await ask(who, { ...ref, node_id: 'own', message: 'Hello' })).json().conversation as string;
    const forgotten = [await asked(learner, { tree: tree.uuid }), await asked(learner, { tree: tree.uuid })];
    const othersOnIt = await asked(other, { tree: tree.uuid });
    const onAnotherSubject = await asked(learner, { share });
    const messagesOf = (uuid: string) =>
      t.app.db
        .selectFrom('tutor_messages')
        .innerJoin('tutor_conversations', 'tutor_conversations.id', 'tutor_messages.conversation_id')
        .select('tutor_messages.id')
        .where('tutor_conversations.uuid', '=', uuid)
        .execute();
    const forgottenIds = await t.app.db
      .selectFrom('tutor_conversations')
      .select('id')
      .where('uuid', 'in', forgotten)
      .execute();
    expect(await messagesOf(forgotten[0]!)).toHaveLength(2);

    expect((await call(learner, 'DELETE', `/api/learn/subjects/?tree=${tree.uuid}`)).statusCode).toBe(204);

    for (const uuid of forgotten)
      expect((await call(learner, 'GET', `/api/llm/tutor/conversations/${uuid}/`)).statusCode).toBe(404);
    expect((await call(learner, 'GET', `/api/llm/tutor/conversations/?tree=${tree.uuid}`)).json()).toEqual([]);
    const orphans = await t.app.db
      .selectFrom('tutor_messages')
      .select('id')
      .where(
        'conversation_id',
        'in',
        forgottenIds.map((row) => row.id),
      )
      .execute();
    expect(orphans).toEqual([]);
    // Another learner of the same tree, and the learner's other subject, keep theirs.
    expect((await call(other, 'GET', `/api/llm/tutor/conversations/${othersOnIt}/`)).statusCode).toBe(200);
    expect(await messagesOf(othersOnIt)).toHaveLength(2);
    expect((await call(learner, 'GET', `/api/llm/tutor/conversations/${onAnotherSubject}/`)).statusCode).toBe(200);
  });

  it("keeps one client per provider, and calls with an admin's new key from the next turn on", async () => {
    expect((await ask(learner, { share, message: 'One' })).statusCode).toBe(200);
    expect((await ask(learner, { share, message: 'Two' })).statusCode).toBe(200);
    expect(fake.requests.at(-1)!.apiKey).toBe(FAKE_API_KEY);
    const rotated = 'sk-rotated-0123456789';
    const url = `/api/llm/deepseek-config/${ai.configId}/`;
    expect((await call(ai.admin, 'PATCH', url, { api_key: rotated })).statusCode).toBe(200);
    expect((await ask(learner, { share, message: 'Three' })).statusCode).toBe(200);
    expect(fake.requests.at(-1)!.apiKey).toBe(rotated);
    expect((await call(ai.admin, 'PATCH', url, { api_key: FAKE_API_KEY })).statusCode).toBe(200);
    expect((await ask(learner, { share, message: 'Four' })).statusCode).toBe(200);
    expect(fake.requests.at(-1)!.apiKey).toBe(FAKE_API_KEY);
  });

  it('refuses a subject the caller may not read (404), an unknown node and a bad body (400)', async () => {
    const hidden = (await createTree(t.app, author, { title: 'Secret', visibility: 'private', data: document })) as {
      uuid: string;
    };
    expect((await ask(learner, { tree: hidden.uuid, message: 'Hi' })).statusCode).toBe(404);
    expect((await call(learner, 'GET', `/api/llm/tutor/conversations/?tree=${hidden.uuid}`)).statusCode).toBe(404);
    const ghost = await ask(learner, { share, node_id: 'ghost', message: 'Hi' });
    expect(ghost.statusCode).toBe(400);
    expect(ghost.json().fields).toHaveProperty('node_id');
    expect((await ask(learner, { share, message: '' })).statusCode).toBe(400);
    expect((await ask(learner, { share, message: 'x'.repeat(4001) })).statusCode).toBe(400);
    expect((await ask(learner, { message: 'Which tree?' })).statusCode).toBe(400);
  });

  it('ships the tutor prompt in three languages, and an admin edit is what the model gets', async () => {
    const admin = await createUser(t.app, { role: 'admin' });
    // What start-up runs on every start: an existing install gets the key it does not have yet.
    await seedDefaultPrompts(t.app.deps);
    const prompts = await call(admin, 'GET', '/api/llm/prompts/?key=tutor');
    const rows = prompts.json().results as Array<{ id: number; language: string }>;
    expect(rows.map((p) => p.language).sort()).toEqual(['en-US', 'ja-JP', 'zh-CN']);
    const japanese = rows.find((p) => p.language === 'ja-JP')!;
    const edit = await call(admin, 'PATCH' as 'PUT', `/api/llm/prompts/${japanese.id}/`, {
      system: 'ADMIN-EDITED {{tree_title}} cite as [[node:<id>]]',
    });
    expect(edit.statusCode).toBe(200);
    const res = await ask(
      learner,
      { share, node_id: 'own', message: '説明して', mode: 'explain' },
      {
        'accept-language': 'ja-JP',
      },
    );
    expect(res.statusCode).toBe(200);
    expect(systemPrompt()).toBe('ADMIN-EDITED Rust cite as [[node:<id>]]');
    expect(lastRequest().messages.at(-1)!.content).toMatch(/^モード：explain/);
  });
});
