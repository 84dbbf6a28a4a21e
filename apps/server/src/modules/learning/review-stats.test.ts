import { type Card as CardJson, type LearnStats } from '@arbor/contract';
import { describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '../../testing/test-app.ts';
import { clockedTestApp } from '../../testing/clocked-app.ts';
import { recallTree, reviewId } from './recall.testing.ts';

const DAY = 86_400_000;
// 08:00 UTC: 16:00 in Shanghai, so every review below falls on the learner's local date of its moment.
const NOW = '2026-03-10T08:00:00.000Z';

const ctx = clockedTestApp(NOW);
const { call } = ctx;

async function newCard(user: TestUser, tree: { uuid: string }, node = 'basics'): Promise<number> {
  const res = await call(user, 'POST', '/api/learn/cards/', { tree: tree.uuid, node_id: node, front: 'f', back: 'b' });
  expect(res.statusCode).toBe(201);
  return (res.json() as CardJson).id;
}

async function review(user: TestUser, id: number, rating: number, duration_ms?: number) {
  const res = await call(user, 'POST', `/api/learn/cards/${id}/review/`, {
    review_id: reviewId(),
    rating,
    ...(duration_ms === undefined ? {} : { duration_ms }),
  });
  expect(res.statusCode).toBe(200);
}

/** Puts a card in review state, last reviewed `ago` days before now. */
async function inReview(id: number, ago: number) {
  const now = ctx.t.app.deps.clock.now().getTime();
  await ctx.t.app.db
    .updateTable('learning_cards')
    .set({
      state: 'review',
      stability: 10,
      difficulty: 5,
      reps: 3,
      scheduled_days: ago,
      elapsed_days: ago,
      last_review: new Date(now - ago * DAY).toISOString(),
      due: new Date(now).toISOString(),
    })
    .where('id', '=', id)
    .execute();
}

const stats = async (user: TestUser, query = '') => {
  const res = await call(user, 'GET', `/api/learn/stats/${query}`);
  expect(res.statusCode).toBe(200);
  return res.json() as LearnStats;
};

describe('GET /api/learn/stats/', () => {
  it('counts the learner’s explicit reviews per local day with their time, and retention by interval', async () => {
    const user = await createUser(ctx.t.app);
    await call(user, 'PATCH', '/api/learn/settings/', { timezone: 'Asia/Shanghai' });
    const tree = await recallTree(ctx.t.app, user);
    const [first, second, third] = [await newCard(user, tree), await newCard(user, tree), await newCard(user, tree)];

    ctx.clock.set(new Date(Date.parse(NOW) - 2 * DAY));
    await review(user, first, 3, 4_000);
    await review(user, second, 1, 6_000);
    ctx.clock.set(new Date(NOW));
    await inReview(first, 2);
    await review(user, first, 3, 2_000);
    await inReview(third, 20);
    await review(user, third, 1);
    // An implicit credit log (a review on a node waiting for this one) is not a review.
    const log = await ctx.t.app.db
      .selectFrom('learning_review_logs')
      .selectAll()
      .where('card_id', '=', first)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const { id: _id, ...copy } = log;
    await ctx.t.app.db
      .insertInto('learning_review_logs')
      .values({ ...copy, review_id: reviewId(), kind: 'implicit', duration_ms: 9_000, source_card_id: second })
      .execute();

    const body = await stats(user, '?days=7');
    expect(body.subject).toBeNull();
    expect(body.days.map((d) => d.date)).toEqual([
      '2026-03-04',
      '2026-03-05',
      '2026-03-06',
      '2026-03-07',
      '2026-03-08',
      '2026-03-09',
      '2026-03-10',
    ]);
    expect(body.days[4]).toEqual({ date: '2026-03-08', reviews: 2, again: 1, time_ms: 10_000 });
    expect(body.days[6]).toEqual({ date: '2026-03-10', reviews: 2, again: 1, time_ms: 2_000 });
    expect(body.totals).toEqual({ reviews: 4, time_ms: 12_000, days_studied: 2, retention: 0.5 });
    const bucket = (days: number) =>
      body.retention_by_interval.find((b) => b.min_days <= days && (b.max_days === null || days <= b.max_days))!;
    expect(bucket(2)).toMatchObject({ min_days: 2, max_days: 3, reviews: 1, recalled: 1, retention: 1 });
    expect(bucket(20)).toMatchObject({ min_days: 15, max_days: 30, reviews: 1, recalled: 0, retention: 0 });
    expect(bucket(0)).toMatchObject({ min_days: 0, max_days: 1, reviews: 0, retention: null });
    expect(body.retention_by_interval.at(-1)).toMatchObject({ min_days: 181, max_days: null });

    // The default period is 30 days; one subject's statistics count only its cards.
    expect((await stats(user)).days).toHaveLength(30);
    const other = await recallTree(ctx.t.app, user);
    await review(user, await newCard(user, other), 3, 1_000);
    const ofTree = await stats(user, `?tree=${tree.uuid}`);
    expect(ofTree.subject).toMatchObject({ kind: 'tree', uuid: tree.uuid });
    expect(ofTree.totals.reviews).toBe(4);
    expect((await stats(user, `?tree=${other.uuid}`)).totals).toMatchObject({ reviews: 1, time_ms: 1_000 });
    expect((await stats(user)).totals.reviews).toBe(5);
  });

  it('is private: another learner sees only their own reviews and 404 for a tree they cannot read', async () => {
    const owner = await createUser(ctx.t.app);
    const tree = await recallTree(ctx.t.app, owner);
    await review(owner, await newCard(owner, tree), 3, 1_000);
    const stranger = await createUser(ctx.t.app);
    expect((await stats(stranger)).totals).toEqual({ reviews: 0, time_ms: 0, days_studied: 0, retention: null });
    expect((await call(stranger, 'GET', `/api/learn/stats/?tree=${tree.uuid}`)).statusCode).toBe(404);
    expect((await call(null, 'GET', '/api/learn/stats/')).statusCode).toBe(401);
  });

  it('refuses a period outside 1–365 days and both a tree and a share', async () => {
    const user = await createUser(ctx.t.app);
    for (const query of ['?days=0', '?days=366', '?days=x']) {
      const res = await call(user, 'GET', `/api/learn/stats/${query}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'invalid' });
    }
    const uuid = '00000000-0000-4000-8000-000000000000';
    expect((await call(user, 'GET', `/api/learn/stats/?tree=${uuid}&share=${uuid}`)).statusCode).toBe(400);
  });
});
