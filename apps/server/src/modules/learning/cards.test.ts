import { callerOf, type Caller } from '../../testing/call.ts';
import { Card } from '@arbor/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestApp, type TestUser } from '../../testing/test-app.ts';
import { recallTree, reviewId } from './recall.testing.ts';

let t: TestApp;
let learner: TestUser;
let stranger: TestUser;
let call: Caller;

beforeAll(async () => {
  t = await createTestApp();
  call = callerOf(t.app);
  [learner, stranger] = await Promise.all([createUser(t.app), createUser(t.app)]);
});
afterAll(async () => t.close());

const cardsOf = async (kind: 'tree' | 'share', id: number) =>
  t.app.db
    .selectFrom('learning_cards')
    .selectAll()
    .where('subject_kind', '=', kind)
    .where('subject_id', '=', id)
    .orderBy('id')
    .execute();

describe('cards', () => {
  it('creates a new card due now, lists it with filters, reads, edits and deletes it', async () => {
    const tree = await recallTree(t.app, learner);
    const before = Date.now();
    const created = await call(learner, 'POST', '/api/learn/cards/', {
      tree: tree.uuid,
      node_id: 'basics',
      front: 'What is inference?',
      back: 'The compiler works the type out.',
    });
    expect(created.statusCode).toBe(201);
    const card = Card.strict().parse(created.json());
    expect(card).toMatchObject({
      subject: { kind: 'tree', uuid: tree.uuid, title: 'TS' },
      node_id: 'basics',
      state: 'new',
      reps: 0,
      lapses: 0,
      stability: 0,
      difficulty: 0,
      last_review: null,
      scheduled_days: 0,
      learning_steps: 0,
    });
    expect(Date.parse(card.due)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(card.due)).toBeLessThanOrEqual(Date.now());
    await call(learner, 'POST', '/api/learn/cards/', { tree: tree.uuid, node_id: 'syntax', front: 'f', back: '' });

    const all = await call(learner, 'GET', `/api/learn/cards/?tree=${tree.uuid}`);
    expect(all.statusCode).toBe(200);
    expect(all.json().count).toBe(2);
    const byNode = await call(learner, 'GET', `/api/learn/cards/?tree=${tree.uuid}&node_id=basics`);
    expect(byNode.json().results.map((c: Card) => c.id)).toEqual([card.id]);
    expect((await call(learner, 'GET', `/api/learn/cards/?tree=${tree.uuid}&state=review`)).json().count).toBe(0);
    expect((await call(learner, 'GET', `/api/learn/cards/?state=new&page_size=1`)).json().next).toContain('page=2');
    expect((await call(learner, 'GET', `/api/learn/cards/?state=mastered`)).statusCode).toBe(400);

    expect((await call(learner, 'GET', `/api/learn/cards/${card.id}/`)).json()).toEqual(card);
    const patched = await call(learner, 'PATCH', `/api/learn/cards/${card.id}/`, { back: 'Worked out for you.' });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({ front: 'What is inference?', back: 'Worked out for you.', due: card.due });
    expect((await call(learner, 'PATCH', `/api/learn/cards/${card.id}/`, { front: '  ' })).statusCode).toBe(400);
    expect((await call(learner, 'DELETE', `/api/learn/cards/${card.id}/`)).statusCode).toBe(204);
    expect((await call(learner, 'GET', `/api/learn/cards/${card.id}/`)).statusCode).toBe(404);
  });

  it('refuses a node that is not in the tree, and texts over their limits', async () => {
    const tree = await recallTree(t.app, learner);
    const ghost = await call(learner, 'POST', '/api/learn/cards/', {
      tree: tree.uuid,
      node_id: 'ghost',
      front: 'f',
      back: 'b',
    });
    expect(ghost.statusCode).toBe(400);
    expect(ghost.json().fields).toHaveProperty('node_id');
    const long = await call(learner, 'POST', '/api/learn/cards/', {
      tree: tree.uuid,
      node_id: 'basics',
      front: 'f'.repeat(2001),
      back: 'b',
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().fields).toHaveProperty('front');
    const neither = await call(learner, 'POST', '/api/learn/cards/', { node_id: 'basics', front: 'f', back: 'b' });
    expect(neither.statusCode).toBe(400);
  });

  it("answers 404 to another user on every call about a learner's card, and on their private tree", async () => {
    const tree = await recallTree(t.app, learner);
    const card = (
      await call(learner, 'POST', '/api/learn/cards/', { tree: tree.uuid, node_id: 'basics', front: 'f', back: 'b' })
    ).json() as Card;
    const calls = [
      ['GET', `/api/learn/cards/${card.id}/`],
      ['PATCH', `/api/learn/cards/${card.id}/`, { front: 'mine now' }],
      ['DELETE', `/api/learn/cards/${card.id}/`],
      ['POST', `/api/learn/cards/${card.id}/review/`, { rating: 3, review_id: reviewId() }],
      ['POST', `/api/learn/cards/${card.id}/undo/`],
      ['GET', `/api/learn/cards/?tree=${tree.uuid}`],
      ['POST', '/api/learn/cards/', { tree: tree.uuid, node_id: 'basics', front: 'f', back: 'b' }],
    ] as const;
    for (const [method, url, body] of calls) {
      const res = await call(stranger, method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await call(stranger, 'GET', '/api/learn/cards/')).json().count).toBe(0);
    expect((await call(stranger, 'GET', '/api/learn/review/')).json().cards).toEqual([]);
    const mine = (await call(learner, 'GET', `/api/learn/cards/${card.id}/`)).json();
    expect(mine).toMatchObject({ front: 'f', reps: 0 });
  });

  it('answers 401 to anonymous callers on every call', async () => {
    const tree = await recallTree(t.app, learner, 'public');
    const card = (
      await call(learner, 'POST', '/api/learn/cards/', { tree: tree.uuid, node_id: 'basics', front: 'f', back: 'b' })
    ).json() as Card;
    const calls = [
      ['GET', '/api/learn/cards/'],
      ['POST', '/api/learn/cards/', { tree: tree.uuid, node_id: 'basics', front: 'f', back: 'b' }],
      ['GET', `/api/learn/cards/${card.id}/`],
      ['PATCH', `/api/learn/cards/${card.id}/`, { front: 'x' }],
      ['DELETE', `/api/learn/cards/${card.id}/`],
      ['POST', `/api/learn/cards/${card.id}/review/`, { rating: 3, review_id: reviewId() }],
      ['POST', `/api/learn/cards/${card.id}/undo/`],
      ['GET', '/api/learn/review/'],
      ['GET', '/api/learn/review/stats/'],
    ] as const;
    for (const [method, url, body] of calls) {
      const res = await call(null, method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });
});

describe('automatic cards', () => {
  it('gives each node that becomes done one card: its path, then its summary or the start of its content', async () => {
    const user = await createUser(t.app);
    const tree = await recallTree(t.app, user);
    const res = await call(user, 'PUT', '/api/learn/progress/', {
      tree: tree.uuid,
      node_id: 'syntax',
      status: 'done',
      with_prerequisites: true,
    });
    expect(res.statusCode).toBe(200);
    let cards = await cardsOf('tree', tree.id);
    expect(cards.map((c) => [c.node_id, c.front, c.back, c.state])).toEqual([
      ['syntax', 'TypeScript › Basics › Syntax', 'x'.repeat(500), 'new'],
      ['basics', 'TypeScript › Basics', 'Types, values and inference.', 'new'],
    ]);
    // Done again, or undone and done again: the node has its card already.
    await call(user, 'PUT', '/api/learn/progress/', { tree: tree.uuid, node_id: 'basics', status: 'todo' });
    await call(user, 'POST', '/api/learn/progress/bulk/', {
      tree: tree.uuid,
      items: [
        { node_id: 'basics', status: 'done' },
        { node_id: 'advanced', status: 'done' },
        { node_id: 'root', status: 'learning' },
      ],
    });
    cards = await cardsOf('tree', tree.id);
    expect(cards.map((c) => c.node_id)).toEqual(['syntax', 'basics', 'advanced']);
    expect(cards[2]).toMatchObject({ front: 'TypeScript › Advanced', back: '' });
  });

  it('makes no card with auto_cards off, nor when the learner has one on the node already', async () => {
    const user = await createUser(t.app);
    const tree = await recallTree(t.app, user);
    await call(user, 'POST', '/api/learn/cards/', { tree: tree.uuid, node_id: 'basics', front: 'mine', back: 'b' });
    await call(user, 'PUT', '/api/learn/progress/', { tree: tree.uuid, node_id: 'basics', status: 'done' });
    expect((await cardsOf('tree', tree.id)).map((c) => c.front)).toEqual(['mine']);
    expect((await call(user, 'PATCH', '/api/learn/settings/', { auto_cards: false })).statusCode).toBe(200);
    await call(user, 'PUT', '/api/learn/progress/', { tree: tree.uuid, node_id: 'advanced', status: 'done' });
    expect(await cardsOf('tree', tree.id)).toHaveLength(1);
  });
});

describe('subjects and their cards', () => {
  it('counts the cards to review per subject, new ones today admits included, and forgetting a subject forgets its cards', async () => {
    const user = await createUser(t.app);
    const tree = await recallTree(t.app, user);
    await call(user, 'PUT', '/api/learn/progress/', { tree: tree.uuid, node_id: 'basics', status: 'done' });
    const [card] = await cardsOf('tree', tree.id);
    let list = (await call(user, 'GET', '/api/learn/subjects/')).json();
    // The new card is among those today's new_per_day admits (today-counts.ts): one to review.
    expect(list.results[0].due_cards).toBe(1);
    await call(user, 'PATCH', '/api/learn/settings/', { new_per_day: 0 });
    list = (await call(user, 'GET', '/api/learn/subjects/')).json();
    expect(list.results[0].due_cards).toBe(0);
    await t.app.db
      .updateTable('learning_cards')
      .set({ state: 'review', due: new Date(Date.now() - 60_000).toISOString() })
      .where('id', '=', card!.id)
      .execute();
    list = (await call(user, 'GET', '/api/learn/subjects/')).json();
    expect(list.results[0].due_cards).toBe(1);
    expect((await call(user, 'DELETE', `/api/learn/subjects/?tree=${tree.uuid}`)).statusCode).toBe(204);
    expect(await cardsOf('tree', tree.id)).toEqual([]);
  });

  it('moves cards with their schedule and history (and the plan) to the fork of a template', async () => {
    const author = await createUser(t.app);
    const source = await recallTree(t.app, author, 'public');
    const shared = await call(author, 'POST', '/api/community/trees-shared/share_tree/', { tree: source.id });
    const share = shared.json() as { id: number; uuid: string };
    const card = (
      await call(learner, 'POST', '/api/learn/cards/', { share: share.uuid, node_id: 'basics', front: 'f', back: 'b' })
    ).json() as Card;
    const reviewed = await call(learner, 'POST', `/api/learn/cards/${card.id}/review/`, {
      rating: 3,
      review_id: reviewId(),
    });
    expect(reviewed.statusCode).toBe(200);
    await t.app.db
      .insertInto('learning_plans')
      .values({
        user_id: learner.id,
        subject_kind: 'share',
        subject_id: share.id,
        target: 'syntax',
        start_date: '2026-01-05',
        active: 1,
        created_at: new Date().toISOString(),
        updated_at: new Date().toISOString(),
      })
      .execute();
    const used = await call(learner, 'POST', `/api/community/trees-shared/${share.id}/use_tree/`, {});
    expect(used.statusCode).toBe(201);
    const fork = used.json().tree as { id: number; uuid: string };
    const moved = (await call(learner, 'GET', `/api/learn/cards/?tree=${fork.uuid}`)).json().results as Card[];
    expect(moved).toHaveLength(1);
    const original = reviewed.json().card as Card;
    const schedule = (c: Card) => ({
      node_id: c.node_id,
      front: c.front,
      state: c.state,
      due: c.due,
      stability: c.stability,
      difficulty: c.difficulty,
      reps: c.reps,
      lapses: c.lapses,
      last_review: c.last_review,
      scheduled_days: c.scheduled_days,
      learning_steps: c.learning_steps,
    });
    expect(schedule(moved[0]!)).toEqual(schedule(original));
    expect(moved[0]!.id).toBe(original.id);
    expect(moved[0]!.subject).toEqual({ kind: 'tree', uuid: fork.uuid, title: expect.any(String) });
    const plans = await t.app.db
      .selectFrom('learning_plans')
      .selectAll()
      .where('subject_kind', '=', 'tree')
      .where('subject_id', '=', fork.id)
      .execute();
    expect(plans).toMatchObject([{ user_id: learner.id, target: 'syntax', start_date: '2026-01-05', active: 1 }]);
    // Nothing stays on the template: one card per question, one subject, one plan.
    expect((await call(learner, 'GET', `/api/learn/cards/?share=${share.uuid}`)).json().count).toBe(0);
    expect(await cardsOf('share', share.id)).toEqual([]);
    const subjects = (await call(learner, 'GET', '/api/learn/subjects/')).json().results as { uuid: string }[];
    expect(subjects.map((s) => s.uuid)).toContain(fork.uuid);
    expect(subjects.map((s) => s.uuid)).not.toContain(share.uuid);
    const plansLeft = await t.app.db
      .selectFrom('learning_plans')
      .select('id')
      .where('subject_kind', '=', 'share')
      .where('subject_id', '=', share.id)
      .execute();
    expect(plansLeft).toEqual([]);
    // The review history came along: undoing the review made on the template works on the fork.
    const undone = await call(learner, 'POST', `/api/learn/cards/${card.id}/undo/`);
    expect(undone.statusCode).toBe(200);
    expect(undone.json()).toMatchObject({ state: 'new', reps: 0 });
  });

  it('removes the cards, their reviews and plans of a deleted tree', async () => {
    const user = await createUser(t.app);
    const tree = await recallTree(t.app, user);
    const card = (
      await call(user, 'POST', '/api/learn/cards/', { tree: tree.uuid, node_id: 'basics', front: 'f', back: 'b' })
    ).json() as Card;
    await call(user, 'POST', `/api/learn/cards/${card.id}/review/`, { rating: 3, review_id: reviewId() });
    const res = await call(user, 'DELETE', `/api/tree/skills_tree/${tree.id}/`);
    expect(res.statusCode).toBe(204);
    expect(await cardsOf('tree', tree.id)).toEqual([]);
    const logs = await t.app.db
      .selectFrom('learning_review_logs')
      .select('id')
      .where('card_id', '=', card.id)
      .execute();
    expect(logs).toEqual([]);
  });
});
