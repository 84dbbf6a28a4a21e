import { type Card, type ReviewQueue } from '@arbor/contract';
import { describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '../../testing/test-app.ts';
import { clockedTestApp } from '../../testing/clocked-app.ts';
import { recallTree } from './recall.testing.ts';

const DAY = 86_400_000;
const NOW = '2026-03-10T08:00:00.000Z';

const ctx = clockedTestApp(NOW);
const { call } = ctx;

async function newCard(user: TestUser, tree: { uuid: string }, front: string, back = 'b', node = 'basics') {
  const res = await call(user, 'POST', '/api/learn/cards/', { tree: tree.uuid, node_id: node, front, back });
  expect(res.statusCode).toBe(201);
  return (res.json() as Card).id;
}

/** Puts a card in review state, due `dueIn` days from now, forgotten `lapses` times. */
async function inReview(id: number, dueIn: number, lapses = 0) {
  await ctx.t.app.db
    .updateTable('learning_cards')
    .set({
      state: 'review',
      stability: 10,
      difficulty: 5,
      reps: 3,
      lapses,
      scheduled_days: 10,
      last_review: new Date(Date.parse(NOW) - DAY).toISOString(),
      due: new Date(Date.parse(NOW) + dueIn * DAY).toISOString(),
    })
    .where('id', '=', id)
    .execute();
}

async function list(user: TestUser, query: string): Promise<Card[]> {
  const res = await call(user, 'GET', `/api/learn/cards/?${query}`);
  expect(res.statusCode).toBe(200);
  return (res.json() as { results: Card[] }).results;
}
const ids = (cards: Card[]) => cards.map((c) => c.id);

const bulk = (user: TestUser | null, body: Record<string, unknown>) =>
  call(user, 'POST', '/api/learn/cards/bulk/', body);

describe('the card browser: GET /api/learn/cards/ filters', () => {
  it('searches front and back for a substring in any case, CJK included, and filters and sorts', async () => {
    const user = await createUser(ctx.t.app);
    const tree = await recallTree(ctx.t.app, user);
    const other = await recallTree(ctx.t.app, user);
    const hanzi = await newCard(user, tree, '什么是类型推断？', '编译器推出类型');
    const latin = await newCard(user, tree, 'What is a Union?', 'A | B');
    const percent = await newCard(user, other, '100% sure', 'back text', 'advanced');
    const cloze = await call(user, 'POST', '/api/learn/cards/batch/', {
      tree: tree.uuid,
      node_id: 'syntax',
      kind: 'cloze',
      text: 'TypeScript adds {{c1::types}} to JavaScript',
    });
    expect(cloze.statusCode).toBe(201);
    const clozeId = (cloze.json() as { cards: Card[] }).cards[0]!.id;
    await inReview(latin, 3, 2);
    await inReview(percent, 0.5, 5);

    expect(ids(await list(user, `q=${encodeURIComponent('类型')}`))).toEqual([hanzi]);
    expect(ids(await list(user, 'q=UNION'))).toEqual([latin]);
    expect(ids(await list(user, `q=${encodeURIComponent('推出')}`))).toEqual([hanzi]);
    // LIKE's wildcards are searched for as themselves.
    expect(ids(await list(user, `q=${encodeURIComponent('%')}`))).toEqual([percent]);
    expect(ids(await list(user, 'kind=cloze'))).toEqual([clozeId]);
    expect(ids(await list(user, `tree=${other.uuid}`))).toEqual([percent]);
    expect(ids(await list(user, `tree=${tree.uuid}&node_id=syntax`))).toEqual([clozeId]);
    expect(ids(await list(user, 'state=review&sort=-lapses'))).toEqual([percent, latin]);
    expect(ids(await list(user, 'lapses_min=3'))).toEqual([percent]);
    expect(ids(await list(user, 'due_within=0'))).toEqual([percent]);
    expect(ids(await list(user, 'due_within=3&sort=-due'))).toEqual([latin, percent]);
    expect(ids(await list(user, 'sort=-created'))).toEqual([clozeId, percent, latin, hanzi]);
    expect(ids(await list(user, 'suspended=true'))).toEqual([]);

    for (const query of ['suspended=maybe', 'sort=front', 'due_within=-1', 'kind=audio', 'lapses_min=x'])
      expect((await call(user, 'GET', `/api/learn/cards/?${query}`)).statusCode).toBe(400);
    // Another learner's search finds none of these cards.
    expect(await list(await createUser(ctx.t.app), `q=${encodeURIComponent('类型')}`)).toEqual([]);
  });
});

describe('the card browser: POST /api/learn/cards/bulk/', () => {
  it('suspends cards out of the review queue and back in', async () => {
    const user = await createUser(ctx.t.app);
    const tree = await recallTree(ctx.t.app, user);
    const [a, b, c] = [await newCard(user, tree, 'a'), await newCard(user, tree, 'b'), await newCard(user, tree, 'c')];
    await inReview(c, -1);
    const queue = async () =>
      ((await call(user, 'GET', '/api/learn/review/')).json() as ReviewQueue).cards.map((card) => card.id).sort();

    const res = await bulk(user, { ids: [a, c], action: 'suspend' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ count: 2 });
    expect(await queue()).toEqual([b]);
    expect(ids(await list(user, 'suspended=true'))).toEqual([a, c]);
    expect((await list(user, 'suspended=false')).map((card) => card.suspended)).toEqual([false]);

    expect((await bulk(user, { ids: [a, c], action: 'unsuspend' })).statusCode).toBe(200);
    expect(await queue()).toEqual([a, b, c].sort());
  });

  it('resets cards to new, keeping their history, and moves them to another node of their tree', async () => {
    const user = await createUser(ctx.t.app);
    const tree = await recallTree(ctx.t.app, user);
    const [a, b] = [await newCard(user, tree, 'a'), await newCard(user, tree, 'b')];
    await inReview(a, 5, 2);
    expect((await bulk(user, { ids: [a], action: 'reset' })).statusCode).toBe(200);
    const reset = (await call(user, 'GET', `/api/learn/cards/${a}/`)).json() as Card;
    expect(reset).toMatchObject({ state: 'new', reps: 0, lapses: 0, stability: 0, last_review: null, due: NOW });

    expect((await bulk(user, { ids: [a, b], action: 'move', node_id: 'advanced' })).statusCode).toBe(200);
    expect(ids(await list(user, `tree=${tree.uuid}&node_id=advanced`))).toEqual([a, b]);
    const nowhere = await bulk(user, { ids: [a], action: 'move', node_id: 'nowhere' });
    expect(nowhere.statusCode).toBe(400);
    expect(nowhere.json()).toMatchObject({ fields: { node_id: expect.any(Array) } });
    const without = await bulk(user, { ids: [a], action: 'move' });
    expect(without.statusCode).toBe(400);
    expect(without.json()).toMatchObject({ fields: { node_id: expect.any(Array) } });
  });

  it('deletes cards', async () => {
    const user = await createUser(ctx.t.app);
    const tree = await recallTree(ctx.t.app, user);
    const [a, b] = [await newCard(user, tree, 'a'), await newCard(user, tree, 'b')];
    expect((await bulk(user, { ids: [a], action: 'delete' })).json()).toEqual({ count: 1 });
    expect((await call(user, 'GET', `/api/learn/cards/${a}/`)).statusCode).toBe(404);
    expect(ids(await list(user, ''))).toEqual([b]);
  });

  it('is all or nothing: another learner’s card among the ids answers 404 and changes nothing', async () => {
    const owner = await createUser(ctx.t.app);
    const tree = await recallTree(ctx.t.app, owner);
    const mine = await newCard(owner, tree, 'mine');
    const stranger = await createUser(ctx.t.app);
    const theirs = await newCard(stranger, await recallTree(ctx.t.app, stranger), 'theirs');
    for (const action of ['suspend', 'reset', 'delete'])
      expect((await bulk(stranger, { ids: [theirs, mine], action })).statusCode).toBe(404);
    expect((await bulk(stranger, { ids: [mine], action: 'move', node_id: 'advanced' })).statusCode).toBe(404);
    expect((await call(owner, 'GET', `/api/learn/cards/${mine}/`)).json()).toMatchObject({ suspended: false });
    expect(ids(await list(stranger, ''))).toEqual([theirs]);
    expect((await bulk(null, { ids: [mine], action: 'delete' })).statusCode).toBe(401);
    expect((await call(owner, 'GET', `/api/learn/cards/${mine}/`)).statusCode).toBe(200);
  });

  it('refuses an empty list, a repeated id and an unknown action', async () => {
    const user = await createUser(ctx.t.app);
    for (const body of [
      { ids: [], action: 'suspend' },
      { ids: [1, 1], action: 'suspend' },
      { ids: [1], action: 'bury' },
    ])
      expect((await bulk(user, body)).statusCode).toBe(400);
  });
});
