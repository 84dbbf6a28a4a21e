import { call as callApi } from '../../testing/call.ts';
import { GeneratedCards, GeneratedQuiz, QuizResult } from '@arbor/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFakeLlm, type FakeLlm } from '../../testing/fake-llm.ts';
import { createTestApp, createUser, type TestApp, type TestUser } from '../../testing/test-app.ts';
import { seedDefaultPrompts } from '../ai/index.ts';
import { configureAi } from '../ai/testing.ts';
import { createTree } from '../trees/testing.ts';

let t: TestApp;
let fake: FakeLlm;

const document = {
  nodes: [
    { id: 'root', parent_id: null, title: 'Rust' },
    { id: 'own', parent_id: 'root', title: 'Ownership', summary: 'Who frees memory.', content: '# Moves and borrows' },
    { id: 'life', parent_id: 'own', title: 'Lifetimes' },
  ],
  links: [],
};

beforeAll(async () => {
  fake = await startFakeLlm();
  t = await createTestApp({ AI_ALLOW_PRIVATE_BASE_URL: '1', AI_DAILY_QUOTA: '6' });
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});
afterEach(() => fake.setMode('normal'));

const call = (who: TestUser | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  callApi(t.app, who, method, url, payload);

async function learnerWithTree(visibility = 'private') {
  const user = await createUser(t.app);
  const tree = (await createTree(t.app, user, { title: 'Rust', visibility, data: document })) as { uuid: string };
  return { user, tree };
}

const cardsFor = (who: TestUser | null, body: object) => call(who, 'POST', '/api/llm/ai-content/generate_cards/', body);
const quizFor = (who: TestUser | null, body: object) => call(who, 'POST', '/api/llm/ai-content/generate_quiz/', body);
const submit = (who: TestUser | null, quiz: string, answers: number[]) =>
  call(who, 'POST', `/api/learn/quizzes/${quiz}/submit/`, { answers });
const logOf = (who: TestUser, id: number) => call(who, 'GET', `/api/llm/request-logs/${id}/`);
const lastPrompt = () => JSON.stringify(fake.requests.at(-1)!.body);

describe('without a provider', () => {
  it('answers 503 ai_not_configured and calls nothing', async () => {
    const { user, tree } = await learnerWithTree();
    for (const res of [
      await cardsFor(user, { tree: tree.uuid, node_id: 'own' }),
      await quizFor(user, { tree: tree.uuid, node_id: 'own' }),
    ]) {
      expect(res.statusCode).toBe(503);
      expect(res.json().code).toBe('ai_not_configured');
    }
    expect(fake.requests).toHaveLength(0);
  });
});

describe('with the fake provider', () => {
  beforeAll(async () => {
    await configureAi(t.app, fake.url, { timeout_s: 2 });
  });

  it('seeds the cards and quiz prompts in three languages, also into a database that lacks them', async () => {
    const { user } = await learnerWithTree();
    await t.app.db.deleteFrom('ai_prompts').where('key', 'in', ['cards', 'quiz']).execute();
    // What start-up runs on every start: an existing install gets the keys it does not have yet.
    await seedDefaultPrompts(t.app.deps);
    for (const key of ['cards', 'quiz']) {
      const res = await call(user, 'GET', `/api/llm/prompts/?key=${key}`);
      expect(res.statusCode).toBe(200);
      expect(
        res
          .json()
          .results.map((p: { language: string }) => p.language)
          .sort(),
      ).toEqual(['en-US', 'ja-JP', 'zh-CN']);
    }
  });

  it('drafts cards from the node (title, path, summary, content) and saves nothing', async () => {
    const { user, tree } = await learnerWithTree();
    const res = await cardsFor(user, { tree: tree.uuid, node_id: 'own', count: 2, language: 'en-US' });
    expect(res.statusCode).toBe(200);
    const body = GeneratedCards.parse(res.json());
    expect(body.cards).toEqual([
      { front: 'Question 1 about Ownership?', back: 'Answer 1: the key idea of Ownership.', kind: 'basic' },
      { front: 'Question 2 about Ownership?', back: 'Answer 2: the key idea of Ownership.', kind: 'basic' },
    ]);
    const prompt = lastPrompt();
    for (const part of [
      'Write 2 flashcards in English',
      'Rust > Ownership',
      'Who frees memory.',
      '# Moves and borrows',
      'a cloze card instead',
    ])
      expect(prompt).toContain(part);
    const log = (await logOf(user, body.request_log)).json();
    expect(log).toMatchObject({ kind: 'cards', status: 'success', user: user.id });
    const cards = await t.app.db.selectFrom('learning_cards').select('id').where('user_id', '=', user.id).execute();
    expect(cards).toEqual([]);
  });

  it('drafts 3 cards by default in Chinese, and accepts an answer in a ```json fence', async () => {
    const { user, tree } = await learnerWithTree();
    fake.setMode('fenced', { times: 1 });
    const res = await cardsFor(user, { tree: tree.uuid, node_id: 'life' });
    expect(res.statusCode).toBe(200);
    expect(res.json().cards).toHaveLength(3);
    expect(lastPrompt()).toContain('编写 3 张记忆卡片');
  });

  it('answers a malformed answer with 502 upstream_error and logs it as an error', async () => {
    const { user, tree } = await learnerWithTree();
    fake.setMode('malformed', { times: 2 });
    const cards = await cardsFor(user, { tree: tree.uuid, node_id: 'own' });
    const quiz = await quizFor(user, { tree: tree.uuid, node_id: 'own' });
    for (const [res, kind] of [
      [cards, 'cards'],
      [quiz, 'quiz'],
    ] as const) {
      expect(res.statusCode).toBe(502);
      expect(res.json().code).toBe('upstream_error');
      const logs = await call(user, 'GET', `/api/llm/request-logs/?kind=${kind}`);
      expect(logs.json().results[0]).toMatchObject({ kind, status: 'error' });
      expect(logs.json().results[0].error).toContain('usable');
    }
    expect(await t.app.db.selectFrom('learning_quizzes').select('id').where('user_id', '=', user.id).execute()).toEqual(
      [],
    );
  });

  it('answers an upstream failure with 502 and a log', async () => {
    const { user, tree } = await learnerWithTree();
    fake.setMode('server_error');
    const res = await quizFor(user, { tree: tree.uuid, node_id: 'own' });
    expect(res.statusCode).toBe(502);
    const logs = await call(user, 'GET', '/api/llm/request-logs/?status=error');
    expect(logs.json().count).toBe(1);
  });

  it('counts the calls against the daily quota (429 past it)', async () => {
    const { user, tree } = await learnerWithTree();
    for (let i = 0; i < 6; i += 1) {
      const res = await (i % 2 ? cardsFor : quizFor)(user, { tree: tree.uuid, node_id: 'own', count: 1 });
      expect(res.statusCode).toBeLessThan(300);
    }
    const status = await call(user, 'GET', '/api/llm/status/');
    expect(status.json().quota).toMatchObject({ used: 6, remaining: 0 });
    expect((await cardsFor(user, { tree: tree.uuid, node_id: 'own' })).statusCode).toBe(429);
    expect((await quizFor(user, { tree: tree.uuid, node_id: 'own' })).statusCode).toBe(429);
  });

  it('refuses an unknown node (400 fields.node_id), another learner’s private tree (404) and anonymous callers (401)', async () => {
    const { user, tree } = await learnerWithTree();
    const other = await createUser(t.app);
    for (const generate of [cardsFor, quizFor]) {
      const unknown = await generate(user, { tree: tree.uuid, node_id: 'nope' });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().fields).toHaveProperty('node_id');
      expect((await generate(other, { tree: tree.uuid, node_id: 'own' })).statusCode).toBe(404);
      expect((await generate(null, { tree: tree.uuid, node_id: 'own' })).statusCode).toBe(401);
      expect((await generate(user, { node_id: 'own' })).statusCode).toBe(400);
    }
    expect((await submit(null, crypto.randomUUID(), [0])).statusCode).toBe(401);
  });

  it('learns from another’s public tree and from a template', async () => {
    const { user: author, tree } = await learnerWithTree('public');
    const reader = await createUser(t.app);
    expect((await cardsFor(reader, { tree: tree.uuid, node_id: 'own', count: 1 })).statusCode).toBe(200);
    const own = await createTree(t.app, author, { title: 'Rust', data: document });
    const share = await call(author, 'POST', '/api/community/trees-shared/share_tree/', {
      tree: (own as { id: number }).id,
    });
    expect(share.statusCode).toBe(201);
    const quiz = await quizFor(reader, { share: share.json().uuid, node_id: 'own', count: 1 });
    expect(quiz.statusCode).toBe(201);
    const result = await submit(reader, quiz.json().quiz, [0]);
    expect(result.statusCode).toBe(200);
    expect(result.json().progress.subject).toMatchObject({ kind: 'share', uuid: share.json().uuid });
  });
});

describe('quizzes', () => {
  beforeAll(async () => {
    if (!fake.requests.length) await configureAi(t.app, fake.url);
  });

  async function quiz(count: number) {
    const { user, tree } = await learnerWithTree();
    const res = await quizFor(user, { tree: tree.uuid, node_id: 'own', count, language: 'en-US' });
    expect(res.statusCode).toBe(201);
    return { user, tree, body: GeneratedQuiz.strict().parse(res.json()) };
  }
  /** The fake's right answer to question i is i % 4. */
  const right = (count: number) => Array.from({ length: count }, (_, i) => i % 4);
  const wrong = (index: number) => (index + 1) % 4;

  it('stores the quiz and never sends the answers, dropping questions the parser refuses', async () => {
    const { body } = await quiz(4);
    expect(body.questions).toHaveLength(4);
    const text = JSON.stringify(body);
    expect(text).not.toContain('answer');
    expect(text).not.toContain('explanation');
    expect(text).not.toContain('three choices');
    const row = await t.app.db
      .selectFrom('learning_quizzes')
      .selectAll()
      .where('uuid', '=', body.quiz)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(row.questions)[1]).toMatchObject({
      answer: 1,
      explanation: expect.stringContaining('Ownership'),
    });
    expect(row.submitted_at).toBeNull();
  });

  it("keeps a quiz's answers out of its learner's own request log until the quiz is submitted", async () => {
    const { user, body } = await quiz(3);
    const admin = await createUser(t.app, { role: 'admin' });
    const before = await logOf(user, body.request_log);
    expect(before.statusCode).toBe(200);
    expect(before.json().response_body).toBe('');
    // Admins read every log whole.
    expect((await logOf(admin, body.request_log)).json().response_body).toContain('explanation');
    expect((await submit(user, body.quiz, right(3))).statusCode).toBe(200);
    expect((await logOf(user, body.request_log)).json().response_body).toContain('explanation');
  });

  it('grades every right answer: mastery 3, node done through the progress path, activity counted', async () => {
    const { user, tree, body } = await quiz(5);
    const res = await submit(user, body.quiz, right(5));
    expect(res.statusCode).toBe(200);
    const result = QuizResult.parse(res.json());
    expect(result).toMatchObject({ correct: 5, total: 5, mastery: 3 });
    expect(result.results[2]).toEqual({ correct_index: 2, explanation: expect.stringContaining('key idea 3') });
    expect(result.progress.nodes.own).toMatchObject({ status: 'done', mastery: 3 });
    expect(result.progress.summary.done).toBe(1);
    const activity = await call(user, 'GET', '/api/learn/activity/?days=1');
    expect(activity.json().days[0].progress).toBe(1);
    const progress = await call(user, 'GET', `/api/learn/progress/?tree=${tree.uuid}`);
    expect(progress.json().nodes.own).toMatchObject({ status: 'done', mastery: 3 });
  });

  it('gives mastery 1 from 50 %, 2 and done from 80 %, and never lowers mastery', async () => {
    const { user, tree, body } = await quiz(4);
    const half = right(4).map((a, i) => (i < 2 ? a : wrong(a)));
    let res = await submit(user, body.quiz, half);
    expect(res.json()).toMatchObject({ correct: 2, total: 4, mastery: 1 });
    expect(res.json().progress.nodes.own).toBeUndefined();

    const five = await quizFor(user, { tree: tree.uuid, node_id: 'own', count: 5 });
    res = await submit(
      user,
      five.json().quiz,
      right(5).map((a, i) => (i === 0 ? wrong(a) : a)),
    );
    expect(res.json()).toMatchObject({ correct: 4, total: 5, mastery: 2 });
    expect(res.json().progress.nodes.own).toMatchObject({ status: 'done', mastery: 2 });

    const again = await quizFor(user, { tree: tree.uuid, node_id: 'own', count: 2 });
    res = await submit(user, again.json().quiz, [wrong(0), wrong(1)]);
    expect(res.json()).toMatchObject({ correct: 0, total: 2, mastery: 2 });
    expect(res.json().progress.nodes.own).toMatchObject({ status: 'done', mastery: 2 });
  });

  it('accepts one submit only (409 after), even when two race', async () => {
    const { user, body } = await quiz(2);
    const results = await Promise.all([submit(user, body.quiz, [0, 1]), submit(user, body.quiz, [0, 1])]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const third = await submit(user, body.quiz, [0, 1]);
    expect(third.statusCode).toBe(409);
    expect(third.json().code).toBe('conflict');
  });

  it('refuses a submit after 24 hours with 409', async () => {
    const { user, body } = await quiz(1);
    await t.app.db
      .updateTable('learning_quizzes')
      .set({ created_at: new Date(Date.now() - 24 * 3600 * 1000 - 1000).toISOString() })
      .where('uuid', '=', body.quiz)
      .execute();
    const res = await submit(user, body.quiz, [0]);
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toContain('24 hours');
  });

  it('wants one answer per question (400), and hides other learners’ quizzes (404)', async () => {
    const { user, body } = await quiz(2);
    const short = await submit(user, body.quiz, [0]);
    expect(short.statusCode).toBe(400);
    expect(short.json().fields).toHaveProperty('answers');
    expect((await submit(user, body.quiz, [0, 5])).statusCode).toBe(400);
    const other = await createUser(t.app);
    expect((await submit(other, body.quiz, [0, 1])).statusCode).toBe(404);
    expect((await submit(user, crypto.randomUUID(), [0, 1])).statusCode).toBe(404);
    expect((await submit(user, 'not-a-uuid', [0, 1])).statusCode).toBe(400);
    // The refusals did not use the quiz up.
    expect((await submit(user, body.quiz, [0, 1])).statusCode).toBe(200);
  });
});
