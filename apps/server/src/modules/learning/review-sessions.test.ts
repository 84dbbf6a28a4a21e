import { type Card as CardJson, type ReviewQueue } from '@arbor/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callerOf, type Caller } from '../../testing/call.ts';
import { createTestApp, createUser, type TestApp, type TestUser } from '../../testing/test-app.ts';
import { installClock } from '../../testing/test-clock.ts';
import { createTree } from '../trees/testing.ts';
import { fsrsCardOf } from './card-reviews.service.ts';
import { recallTree } from './recall.testing.ts';
import { schedulerFor } from './scheduler.ts';
import { readSettings } from './settings.service.ts';

let t: TestApp;
let call: Caller;
let clock: ReturnType<typeof installClock>;

const NOW = Date.parse('2026-03-01T08:00:00.000Z');
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const at = (ms: number) => new Date(NOW + ms).toISOString();

beforeAll(async () => {
  t = await createTestApp();
  call = callerOf(t.app);
  clock = installClock(t.app, at(0));
});
afterAll(async () => {
  clock.restore();
  await t.close();
});

async function newCard(user: TestUser, tree: { uuid: string }, front: string): Promise<CardJson> {
  const res = await call(user, 'POST', '/api/learn/cards/', { tree: tree.uuid, node_id: 'basics', front, back: 'b' });
  expect(res.statusCode).toBe(201);
  return res.json() as CardJson;
}

interface Arranged {
  state: 'new' | 'learning' | 'review' | 'relearning';
  due: string;
  stability?: number;
  last_review?: string;
  suspended?: 0 | 1;
  created_at?: string;
}

/** Sets a card's schedule directly (the sessions' fixtures). */
async function arrange(id: number, fields: Arranged) {
  const reviewed = fields.state !== 'new';
  await t.app.db
    .updateTable('learning_cards')
    .set({
      difficulty: reviewed ? 5 : 0,
      reps: reviewed ? 3 : 0,
      scheduled_days: reviewed ? 5 : 0,
      stability: reviewed ? 5 : 0,
      last_review: reviewed ? new Date(Date.parse(fields.due) - 5 * DAY).toISOString() : null,
      ...fields,
    })
    .where('id', '=', id)
    .execute();
}

async function session(user: TestUser, query: string): Promise<ReviewQueue> {
  const res = await call(user, 'GET', `/api/learn/review/?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ReviewQueue;
}
const fronts = (queue: ReviewQueue) => queue.cards.map((card) => card.front);

/** A learner with two subjects: `a` with cards of every kind of schedule, `b` with one due card. */
async function twoSubjects() {
  const user = await createUser(t.app);
  const a = await recallTree(t.app, user);
  const b = await recallTree(t.app, user);
  const cards: Record<string, CardJson> = {};
  for (const front of ['review-old', 'review-new', 'learning', 'relearning', 'new-1', 'new-2', 'later', 'suspended'])
    cards[front] = await newCard(user, a, front);
  cards['b-review'] = await newCard(user, b, 'b-review');
  cards['b-ahead'] = await newCard(user, b, 'b-ahead');
  await arrange(cards['review-old']!.id, { state: 'review', due: at(-3 * DAY) });
  await arrange(cards['review-new']!.id, { state: 'review', due: at(-HOUR) });
  await arrange(cards.learning!.id, { state: 'learning', due: at(-2 * HOUR) });
  await arrange(cards.relearning!.id, { state: 'relearning', due: at(-30 * 60_000) });
  await arrange(cards['new-1']!.id, { state: 'new', due: at(0), created_at: at(-2 * DAY) });
  await arrange(cards['new-2']!.id, { state: 'new', due: at(0), created_at: at(-DAY) });
  await arrange(cards.later!.id, { state: 'review', due: at(2 * DAY) });
  await arrange(cards.suspended!.id, { state: 'review', due: at(-DAY), suspended: 1 });
  await arrange(cards['b-review']!.id, { state: 'review', due: at(-2 * DAY) });
  await arrange(cards['b-ahead']!.id, { state: 'review', due: at(5 * DAY) });
  return { user, a, b, cards };
}

describe('one subject’s session', () => {
  it('answers only that subject’s due cards, learning first, then review by due, then its new cards', async () => {
    const { user, a, b } = await twoSubjects();
    const queue = await session(user, `tree=${a.uuid}`);
    expect(fronts(queue)).toEqual(['learning', 'relearning', 'review-old', 'review-new', 'new-1', 'new-2']);
    expect(queue.counts).toEqual({ learning: 2, review: 2, new: 2 });
    expect(queue.cards.every((card) => card.subject.uuid === a.uuid)).toBe(true);
    expect(fronts(await session(user, `tree=${b.uuid}`))).toEqual(['b-review']);
    // today's whole queue still has both
    expect(fronts(await session(user, '')).sort()).toContain('b-review');
  });

  it('keeps new cards within what is left of today’s new_per_day, and the limit', async () => {
    const { user, a } = await twoSubjects();
    expect((await call(user, 'PATCH', '/api/learn/settings/', { new_per_day: 1 })).statusCode).toBe(200);
    const queue = await session(user, `tree=${a.uuid}`);
    expect(fronts(queue)).toEqual(['learning', 'relearning', 'review-old', 'review-new', 'new-1']);
    expect(queue.counts.new).toBe(1);
    expect(fronts(await session(user, `tree=${a.uuid}&limit=3`))).toEqual(['learning', 'relearning', 'review-old']);
  });

  it('answers 404 for a subject the caller does not learn or may not read, 401 without a token', async () => {
    const { user, a } = await twoSubjects();
    const other = await createUser(t.app);
    expect((await call(other, 'GET', `/api/learn/review/?tree=${a.uuid}`)).statusCode).toBe(404);
    const unlearned = (await createTree(t.app, user, { title: 'Untouched' })) as { uuid: string };
    const res = await call(user, 'GET', `/api/learn/review/?tree=${unlearned.uuid}&mode=at_risk`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: expect.any(String), detail: expect.any(String) });
    expect((await call(user, 'GET', `/api/learn/review/?share=${a.uuid}`)).statusCode).toBe(404);
    expect((await call(null, 'GET', `/api/learn/review/?tree=${a.uuid}&mode=ahead`)).statusCode).toBe(401);
  });

  it('refuses bad values with 400 in the error shape', async () => {
    const { user, a } = await twoSubjects();
    for (const query of [
      'mode=soon',
      'mode=ahead&days=0',
      'mode=ahead&days=31',
      'mode=ahead&days=2.5',
      'days=3',
      'mode=at_risk&days=3',
      `tree=${a.uuid}&share=${a.uuid}`,
      'mode=ahead&limit=201',
    ]) {
      const res = await call(user, 'GET', `/api/learn/review/?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json(), query).toMatchObject({ code: expect.any(String), detail: expect.any(String) });
    }
  });
});

describe('review ahead', () => {
  it('answers cards not yet due within the days, soonest first, suspended and far ones left out', async () => {
    const { user, a } = await twoSubjects();
    expect(fronts(await session(user, 'mode=ahead&days=1'))).toEqual([]);
    expect(fronts(await session(user, 'mode=ahead&days=3'))).toEqual(['later']);
    const week = await session(user, 'mode=ahead&days=7');
    expect(fronts(week)).toEqual(['later', 'b-ahead']);
    expect(week.counts).toEqual({ new: 0, learning: 0, review: 2 });
    expect(fronts(await session(user, `mode=ahead&days=7&tree=${a.uuid}`))).toEqual(['later']);
    expect(fronts(await session(user, 'mode=ahead&days=7&limit=1'))).toEqual(['later']);
  });

  it('grades a card ahead of time as a normal review', async () => {
    const { user, cards } = await twoSubjects();
    const res = await call(user, 'POST', `/api/learn/cards/${cards.later!.id}/review/`, {
      review_id: crypto.randomUUID(),
      rating: 3,
    });
    expect(res.statusCode).toBe(200);
    expect(fronts(await session(user, 'mode=ahead&days=3'))).toEqual([]);
  });
});

describe('the at-risk ones', () => {
  it('answers reviewed cards under the learner’s retention, weakest first as ts-fsrs reads them', async () => {
    const user = await createUser(t.app);
    const a = await recallTree(t.app, user);
    const b = await recallTree(t.app, user);
    const shapes: [string, { kind: typeof a; stability: number; reviewedDaysAgo: number; suspended?: 1 }][] = [
      ['weak', { kind: a, stability: 1, reviewedDaysAgo: 20 }],
      ['fresh', { kind: a, stability: 30, reviewedDaysAgo: 10 }],
      ['middling', { kind: b, stability: 4, reviewedDaysAgo: 6 }],
      ['weaker', { kind: b, stability: 0.5, reviewedDaysAgo: 20 }],
      ['slipping', { kind: a, stability: 3, reviewedDaysAgo: 4 }],
      ['hidden', { kind: a, stability: 0.5, reviewedDaysAgo: 30, suspended: 1 }],
    ];
    const ids = new Map<string, number>();
    for (const [front, shape] of shapes) {
      const card = await newCard(user, shape.kind, front);
      ids.set(front, card.id);
      await arrange(card.id, {
        state: 'review',
        stability: shape.stability,
        last_review: at(-shape.reviewedDaysAgo * DAY),
        due: at((shape.stability - shape.reviewedDaysAgo) * DAY),
        suspended: shape.suspended ?? 0,
      });
    }
    await newCard(user, a, 'never reviewed');
    // ts-fsrs's own retrievability of each card now, under the learner's parameters
    const settings = await readSettings(t.app.db, user.id);
    const scheduler = schedulerFor(settings);
    const rows = await t.app.db.selectFrom('learning_cards').selectAll().where('user_id', '=', user.id).execute();
    const expected = rows
      .filter((row) => row.state !== 'new' && row.suspended === 0)
      .map((row) => ({
        front: row.front,
        r: scheduler.get_retrievability(
          fsrsCardOf({ ...row, stability: Number(row.stability) } as never),
          new Date(NOW),
          false,
        ),
      }))
      .filter((card) => card.r < settings.request_retention)
      .sort((x, y) => x.r - y.r)
      .map((card) => card.front);
    expect(expected).toEqual(['weaker', 'weak', 'middling', 'slipping']);
    const queue = await session(user, 'mode=at_risk');
    expect(fronts(queue)).toEqual(expected);
    expect(queue.counts).toEqual({ new: 0, learning: 0, review: 4 });
    expect(fronts(await session(user, `mode=at_risk&tree=${a.uuid}`))).toEqual(['weak', 'slipping']);
    expect(fronts(await session(user, 'mode=at_risk&limit=2'))).toEqual(['weaker', 'weak']);
    // a higher desired retention puts more cards at risk
    expect((await call(user, 'PATCH', '/api/learn/settings/', { request_retention: 0.99 })).statusCode).toBe(200);
    expect(fronts(await session(user, 'mode=at_risk'))).toContain('fresh');
  });
});
