import { callerOf, type Caller } from '../../testing/call.ts';
import { type Card as CardJson, type ReviewResult } from '@arbor/contract';
import { createEmptyCard, fsrs, generatorParameters, type Card, type Grade } from 'ts-fsrs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestApp, type TestUser } from '../../testing/test-app.ts';
import { installClock } from '../../testing/test-clock.ts';
import { recallTree, reviewId } from './recall.testing.ts';

let t: TestApp;
let call: Caller;
let clock: ReturnType<typeof installClock>;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const STATES = ['new', 'learning', 'review', 'relearning'] as const;

beforeAll(async () => {
  t = await createTestApp();
  call = callerOf(t.app);
  clock = installClock(t.app, '2026-03-01T08:00:00.000Z');
});
afterEach(() => clock.set(new Date()));
afterAll(async () => {
  clock.restore();
  await t.close();
});

async function newCard(user: TestUser, tree: { uuid: string }, node = 'basics', front = 'f'): Promise<CardJson> {
  const res = await call(user, 'POST', '/api/learn/cards/', { tree: tree.uuid, node_id: node, front, back: 'b' });
  expect(res.statusCode).toBe(201);
  return res.json() as CardJson;
}

const review = (user: TestUser, id: number, body: Record<string, unknown>) =>
  call(user, 'POST', `/api/learn/cards/${id}/review/`, { review_id: reviewId(), ...body });

/** Sets a card's schedule directly (queue and stats fixtures). */
async function arrange(id: number, fields: { state: (typeof STATES)[number]; due: string; created_at?: string }) {
  const reviewed = fields.state !== 'new';
  await t.app.db
    .updateTable('learning_cards')
    .set({
      ...fields,
      stability: reviewed ? 5 : 0,
      difficulty: reviewed ? 5 : 0,
      reps: reviewed ? 3 : 0,
      scheduled_days: reviewed ? 5 : 0,
      last_review: reviewed ? new Date(Date.parse(fields.due) - 5 * DAY).toISOString() : null,
    })
    .where('id', '=', id)
    .execute();
}

describe('reviews', () => {
  it('schedules 24 reviews over weeks exactly as ts-fsrs does with the learner’s retention', async () => {
    const user = await createUser(t.app);
    const tree = await recallTree(t.app, user);
    // Load balancing off: every due exactly ts-fsrs's (API.md "Load balancing and easy days").
    const settings = { request_retention: 0.85, load_balance: false };
    expect((await call(user, 'PATCH', '/api/learn/settings/', settings)).statusCode).toBe(200);
    const start = new Date('2026-03-01T08:00:00.000Z');
    clock.set(start);
    const card = await newCard(user, tree);
    const scheduler = fsrs(
      generatorParameters({ enable_fuzz: true, enable_short_term: true, request_retention: 0.85 }),
    );
    let expected: Card = createEmptyCard(start);
    const ratings: Grade[] = [3, 3, 1, 3, 3, 4, 2, 3, 1, 1, 3, 3, 4, 3, 2, 3, 3, 1, 3, 4, 3, 3, 2, 4];
    for (const [index, rating] of ratings.entries()) {
      // Sometimes early, sometimes on time, sometimes days late; minutes apart for learning steps.
      const lateness = [0, 37 * 60_000, 2 * DAY + 5 * HOUR, -HOUR / 2][index % 4]!;
      const at = new Date(
        Math.max(expected.due.getTime() + lateness, (expected.last_review ?? start).getTime() + 1000),
      );
      clock.set(at.getTime() + 5_000);
      const res = await review(user, card.id, { rating, reviewed_at: at.toISOString(), duration_ms: 1200 });
      expect(res.statusCode, `review ${index}`).toBe(200);
      const outcome = scheduler.next(expected, at, rating);
      expected = outcome.card;
      const body = res.json() as ReviewResult;
      expect(body.card, `review ${index}`).toMatchObject({
        id: card.id,
        state: STATES[expected.state],
        due: expected.due.toISOString(),
        stability: expected.stability,
        difficulty: expected.difficulty,
        reps: expected.reps,
        lapses: expected.lapses,
        last_review: at.toISOString(),
        scheduled_days: expected.scheduled_days,
        learning_steps: expected.learning_steps,
      });
      expect(body.log, `review ${index}`).toMatchObject({
        rating,
        state: STATES[outcome.log.state],
        due: outcome.log.due.toISOString(),
        stability: outcome.log.stability,
        difficulty: outcome.log.difficulty,
        scheduled_days: outcome.log.scheduled_days,
        reviewed_at: at.toISOString(),
      });
      const row = await t.app.db
        .selectFrom('learning_review_logs')
        .select(['elapsed_days', 'last_elapsed_days', 'learning_steps', 'duration_ms'])
        .where('id', '=', body.log.id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({
        elapsed_days: outcome.log.elapsed_days,
        last_elapsed_days: outcome.log.last_elapsed_days,
        learning_steps: outcome.log.learning_steps,
        duration_ms: 1200,
      });
      const stored = await t.app.db
        .selectFrom('learning_cards')
        .select(['elapsed_days'])
        .where('id', '=', card.id)
        .executeTakeFirstOrThrow();
      expect(stored.elapsed_days).toBe(expected.elapsed_days);
    }
    expect(expected.lapses).toBeGreaterThan(0);
    // Every review counted on its day (the reviews span more than the activity call's 366 days).
    const days = await t.app.db
      .selectFrom('learning_activity_days')
      .select(['day', 'reviews'])
      .where('user_id', '=', user.id)
      .execute();
    expect(days.reduce((sum, day) => sum + day.reviews, 0)).toBe(ratings.length);
    expect(expected.due.getTime() - start.getTime()).toBeGreaterThan(30 * DAY);
  });

  it('answers the first result again for the same review_id, scheduling nothing', async () => {
    // Mid-morning, so the hour below stays in one day (from the real time it crossed midnight after 23:00 UTC).
    clock.set('2026-03-03T09:00:00.000Z');
    const user = await createUser(t.app);
    const tree = await recallTree(t.app, user);
    const card = await newCard(user, tree);
    const id = reviewId();
    const first = await review(user, card.id, { rating: 3, review_id: id });
    expect(first.statusCode).toBe(200);
    clock.advance(HOUR);
    const again = await review(user, card.id, { rating: 1, review_id: id });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect((await call(user, 'GET', `/api/learn/cards/${card.id}/`)).json().reps).toBe(1);
    const concurrent = reviewId();
    const both = await Promise.all([
      review(user, card.id, { rating: 3, review_id: concurrent }),
      review(user, card.id, { rating: 3, review_id: concurrent }),
    ]);
    expect(both.map((res) => res.statusCode)).toEqual([200, 200]);
    expect(both[1]!.json()).toEqual(both[0]!.json());
    expect((await call(user, 'GET', `/api/learn/cards/${card.id}/`)).json().reps).toBe(2);
    const other = await newCard(user, tree, 'syntax');
    const reused = await review(user, other.id, { rating: 3, review_id: id });
    expect(reused.statusCode).toBe(409);
    expect((await call(user, 'GET', '/api/learn/activity/?days=1')).json().days[0].reviews).toBe(2);
  });

  it('refuses reviewed_at more than 60 s ahead or before the last review, and a bad rating', async () => {
    const user = await createUser(t.app);
    const tree = await recallTree(t.app, user);
    clock.set('2026-03-02T10:00:00.000Z');
    const card = await newCard(user, tree);
    const ahead = await review(user, card.id, { rating: 3, reviewed_at: '2026-03-02T10:01:01.000Z' });
    expect(ahead.statusCode).toBe(400);
    expect(ahead.json().fields).toHaveProperty('reviewed_at');
    const slightly = await review(user, card.id, { rating: 3, reviewed_at: '2026-03-02T10:00:59.000+00:00' });
    expect(slightly.statusCode).toBe(200);
    expect(slightly.json().card.last_review).toBe('2026-03-02T10:00:59.000Z');
    const before = await review(user, card.id, { rating: 3, reviewed_at: '2026-03-02T09:59:00.000Z' });
    expect(before.statusCode).toBe(400);
    expect(before.json().fields).toHaveProperty('reviewed_at');
    expect((await review(user, card.id, { rating: 5 })).statusCode).toBe(400);
    expect((await review(user, card.id, { rating: 3, reviewed_at: 'yesterday' })).statusCode).toBe(400);
    expect((await review(user, card.id, { rating: 3, review_id: 'x' })).statusCode).toBe(400);
    expect((await review(user, 99_999_999, { rating: 3 })).statusCode).toBe(404);
  });

  it('undoes the last review: schedule as before, log gone, one review less today; 409 without one', async () => {
    // Both reviews on one day (from the real time, near midnight, the second was on the next day).
    clock.set('2026-03-04T09:00:00.000Z');
    const user = await createUser(t.app);
    const tree = await recallTree(t.app, user);
    const card = await newCard(user, tree);
    expect((await call(user, 'POST', `/api/learn/cards/${card.id}/undo/`)).statusCode).toBe(409);
    const first = (await review(user, card.id, { rating: 3 })).json() as ReviewResult;
    clock.advance(20 * 60_000);
    await review(user, card.id, { rating: 3 });
    expect((await call(user, 'GET', '/api/learn/activity/?days=1')).json().days[0].reviews).toBe(2);
    const undone = await call(user, 'POST', `/api/learn/cards/${card.id}/undo/`);
    expect(undone.statusCode).toBe(200);
    const { updated_at: _a, ...after } = undone.json() as CardJson;
    const { updated_at: _b, ...expected } = first.card;
    expect(after).toEqual(expected);
    expect((await call(user, 'GET', '/api/learn/activity/?days=1')).json().days[0].reviews).toBe(1);
    const again = (await call(user, 'POST', `/api/learn/cards/${card.id}/undo/`)).json() as CardJson;
    const { updated_at: _c, ...fresh } = card;
    expect({ ...again, updated_at: undefined }).toEqual({ ...fresh, updated_at: undefined });
    expect((await call(user, 'POST', `/api/learn/cards/${card.id}/undo/`)).statusCode).toBe(409);
    const logs = await t.app.db
      .selectFrom('learning_review_logs')
      .select('id')
      .where('card_id', '=', card.id)
      .execute();
    expect(logs).toEqual([]);
  });
});

describe('review queue', () => {
  it('puts due learning cards first, then review cards by due, then new cards within today’s new_per_day in the learner’s time zone', async () => {
    const user = await createUser(t.app);
    const tree = await recallTree(t.app, user);
    expect(
      (await call(user, 'PATCH', '/api/learn/settings/', { timezone: 'Asia/Tokyo', new_per_day: 2 })).statusCode,
    ).toBe(200);
    // 23:00 on 10 March in Tokyo (14:00 UTC).
    const now = Date.parse('2026-03-10T14:00:00.000Z');
    clock.set(now);
    const at = (ms: number) => new Date(now + ms).toISOString();
    const cards: CardJson[] = [];
    for (let i = 0; i < 9; i += 1) cards.push(await newCard(user, tree, 'basics', `card ${i}`));
    await arrange(cards[0]!.id, { state: 'review', due: at(-2 * HOUR) });
    await arrange(cards[1]!.id, { state: 'relearning', due: at(-HOUR) });
    await arrange(cards[2]!.id, { state: 'learning', due: at(-3 * HOUR) });
    await arrange(cards[3]!.id, { state: 'review', due: at(-5 * DAY) });
    await arrange(cards[4]!.id, { state: 'review', due: at(HOUR) });
    await arrange(cards[5]!.id, { state: 'learning', due: at(10 * 60_000) });
    await arrange(cards[6]!.id, { state: 'new', due: at(-DAY), created_at: at(-DAY) });
    await arrange(cards[7]!.id, { state: 'new', due: at(-2 * DAY), created_at: at(-2 * DAY) });
    // cards[8] is new, created now.

    let queue = (await call(user, 'GET', '/api/learn/review/')).json();
    expect(queue.cards.map((c: CardJson) => c.front)).toEqual([
      'card 2',
      'card 1',
      'card 3',
      'card 0',
      'card 7',
      'card 6',
    ]);
    expect(queue.counts).toEqual({ new: 2, learning: 2, review: 2 });
    expect((await call(user, 'GET', '/api/learn/review/?limit=3')).json().cards).toHaveLength(3);

    // Introducing one new card today leaves one for the rest of the Tokyo day.
    await review(user, cards[7]!.id, { rating: 3 });
    queue = (await call(user, 'GET', '/api/learn/review/')).json();
    expect(queue.counts.new).toBe(1);
    expect(queue.cards.filter((c: CardJson) => c.state === 'new').map((c: CardJson) => c.front)).toEqual(['card 6']);

    // Midnight in Tokyo (still 10 March in UTC): a new day, two new cards again.
    clock.set(Date.parse('2026-03-10T15:00:30.000Z'));
    queue = (await call(user, 'GET', '/api/learn/review/')).json();
    expect(queue.counts.new).toBe(2);
    expect(queue.cards.filter((c: CardJson) => c.state === 'new').map((c: CardJson) => c.front)).toEqual([
      'card 6',
      'card 8',
    ]);

    expect((await call(user, 'GET', '/api/learn/review/?limit=0')).statusCode).toBe(400);
    expect((await call(user, 'GET', '/api/learn/review/?limit=201')).statusCode).toBe(400);
  });
  it('with within_days also gives the cards due before the end of that local day (an offline client keeps them), only the caller’s', async () => {
    const user = await createUser(t.app);
    const other = await createUser(t.app);
    const tree = await recallTree(t.app, user);
    const otherTree = await recallTree(t.app, other);
    expect((await call(user, 'PATCH', '/api/learn/settings/', { timezone: 'Asia/Tokyo' })).statusCode).toBe(200);
    // 10:00 on 10 March in Tokyo (01:00 UTC); the third day after today ends at 14 March 00:00 Tokyo (13 March 15:00 UTC).
    const now = Date.parse('2026-03-10T01:00:00.000Z');
    clock.set(now);
    const cards: CardJson[] = [];
    for (let i = 0; i < 5; i += 1) cards.push(await newCard(user, tree, 'basics', `card ${i}`));
    await arrange(cards[0]!.id, { state: 'review', due: '2026-03-09T01:00:00.000Z' });
    await arrange(cards[1]!.id, { state: 'review', due: '2026-03-11T01:00:00.000Z' });
    await arrange(cards[2]!.id, { state: 'learning', due: '2026-03-13T14:59:00.000Z' });
    await arrange(cards[3]!.id, { state: 'review', due: '2026-03-13T15:00:00.000Z' });
    // cards[4] stays new
    const theirs = await newCard(other, otherTree, 'basics', 'theirs');
    await arrange(theirs.id, { state: 'review', due: '2026-03-10T00:00:00.000Z' });

    const today = (await call(user, 'GET', '/api/learn/review/')).json();
    expect(today.cards.map((c: CardJson) => c.front)).toEqual(['card 0', 'card 4']);
    const ahead = (await call(user, 'GET', '/api/learn/review/?limit=200&within_days=3')).json();
    expect(ahead.cards.map((c: CardJson) => c.front)).toEqual(['card 2', 'card 0', 'card 1', 'card 4']);
    // the counts stay today's
    expect(ahead.counts).toEqual(today.counts);
    expect((await call(user, 'GET', '/api/learn/review/?within_days=4')).json().cards).toHaveLength(5);

    for (const bad of ['0', '8', 'x', '1.5']) {
      const res = await call(user, 'GET', `/api/learn/review/?within_days=${bad}`);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json()).toMatchObject({ code: 'invalid', fields: { within_days: expect.any(Array) } });
    }
    expect((await call(null, 'GET', '/api/learn/review/?within_days=3')).statusCode).toBe(401);
  });
});

describe('review stats', () => {
  it('counts today’s reviews, what is due today and in the next days, retention and cards by state', async () => {
    const user = await createUser(t.app);
    const tree = await recallTree(t.app, user);
    expect((await call(user, 'PATCH', '/api/learn/settings/', { timezone: 'America/New_York' })).statusCode).toBe(200);
    // 20:00 on 5 March in New York (01:00 UTC on the 6th).
    const now = Date.parse('2026-03-06T01:00:00.000Z');
    clock.set(now);
    let stats = (await call(user, 'GET', '/api/learn/review/stats/')).json();
    expect(stats).toMatchObject({ reviews_today: 0, due_today: 0, retention_30d: null });
    expect(stats.forecast.map((f: { date: string }) => f.date)).toEqual([
      '2026-03-05',
      '2026-03-06',
      '2026-03-07',
      '2026-03-08',
      '2026-03-09',
      '2026-03-10',
      '2026-03-11',
    ]);
    const cards: CardJson[] = [];
    for (let i = 0; i < 8; i += 1) cards.push(await newCard(user, tree, 'basics', `card ${i}`));
    const at = (iso: string) => new Date(iso).toISOString();
    await arrange(cards[0]!.id, { state: 'review', due: at('2026-02-20T00:00:00Z') }); // overdue: today
    await arrange(cards[1]!.id, { state: 'learning', due: at('2026-03-06T04:59:00Z') }); // 23:59 tonight
    await arrange(cards[2]!.id, { state: 'review', due: at('2026-03-06T05:00:00Z') }); // midnight: tomorrow
    await arrange(cards[3]!.id, { state: 'relearning', due: at('2026-03-08T12:00:00Z') }); // the 8th
    // 9 March 02:00 UTC is still the 8th in New York (EST); summer time starts on the 8th.
    await arrange(cards[4]!.id, { state: 'review', due: at('2026-03-09T02:00:00Z') });
    await arrange(cards[5]!.id, { state: 'review', due: at('2026-03-12T03:59:00Z') }); // 23:59 on the 11th (EDT)
    await arrange(cards[6]!.id, { state: 'review', due: at('2026-03-12T04:00:00Z') }); // the 12th: beyond
    stats = (await call(user, 'GET', '/api/learn/review/stats/')).json();
    expect(stats.due_today).toBe(2);
    expect(stats.forecast.map((f: { due: number }) => f.due)).toEqual([2, 1, 0, 2, 0, 0, 1]);
    expect(stats.cards).toEqual({ new: 1, learning: 1, review: 5, relearning: 1 });

    // Two reviews of cards in review state, one forgotten: retention 0.5; the learning card does not count.
    await review(user, cards[0]!.id, { rating: 1 });
    await review(user, cards[2]!.id, { rating: 3 });
    await review(user, cards[1]!.id, { rating: 1 });
    stats = (await call(user, 'GET', '/api/learn/review/stats/')).json();
    expect(stats.reviews_today).toBe(3);
    expect(stats.retention_30d).toBe(0.5);
    // Tomorrow (local) the count of today's reviews starts again; 31 days on, retention forgets them.
    clock.set(Date.parse('2026-03-06T05:00:00.000Z'));
    expect((await call(user, 'GET', '/api/learn/review/stats/')).json().reviews_today).toBe(0);
    clock.set(now + 31 * DAY);
    expect((await call(user, 'GET', '/api/learn/review/stats/')).json().retention_30d).toBeNull();
  });
});

describe('one definition of what is left to review today', () => {
  /** The three counters /learn shows: the queue's counts, the stats' due_today, and the subjects' due_cards. */
  async function counters(user: TestUser) {
    const queue = (await call(user, 'GET', '/api/learn/review/')).json();
    const stats = (await call(user, 'GET', '/api/learn/review/stats/')).json();
    const subjects = (await call(user, 'GET', '/api/learn/subjects/')).json();
    return {
      queue: queue.counts.new + queue.counts.learning + queue.counts.review,
      queued: queue.cards.length,
      stats: stats.due_today,
      subjects: subjects.results.reduce((sum: number, s: { due_cards: number }) => sum + s.due_cards, 0),
      done: stats.reviews_today,
    };
  }
  const all = (left: number, done: number) => ({ queue: left, queued: left, stats: left, subjects: left, done });

  it('agrees on due, new and done before and after a session, and across the learner’s midnight', async () => {
    const user = await createUser(t.app);
    const tree = await recallTree(t.app, user);
    await call(user, 'PATCH', '/api/learn/settings/', { timezone: 'Asia/Shanghai', new_per_day: 2 });
    // 23:50 on 10 March in Beijing (15:50 UTC).
    clock.set(Date.parse('2026-03-10T15:50:00.000Z'));
    const cards: CardJson[] = [];
    for (let i = 0; i < 5; i += 1) cards.push(await newCard(user, tree, 'basics', `card ${i}`));
    await arrange(cards[0]!.id, { state: 'review', due: '2026-03-09T00:00:00.000Z' }); // overdue
    await arrange(cards[1]!.id, { state: 'learning', due: '2026-03-10T15:55:00.000Z' }); // 23:55: later today
    // cards 2–4 are new; today's limit admits two of them.
    expect(await counters(user)).toEqual(all(3, 0));

    // A session: the overdue card remembered, the two new ones forgotten (due again in a minute or so).
    const queue = (await call(user, 'GET', '/api/learn/review/')).json() as { cards: CardJson[] };
    for (const card of queue.cards) {
      const res = await review(user, card.id, { rating: card.state === 'new' ? 1 : 3 });
      expect(res.statusCode).toBe(200);
    }
    expect(await counters(user)).toEqual(all(0, 3));

    // 23:56: the learning card and the two forgotten ones are due; no new card is left for today.
    clock.set(Date.parse('2026-03-10T15:56:00.000Z'));
    expect(await counters(user)).toEqual(all(3, 3));

    // 00:05 on the 11th in Beijing (still the 10th in UTC): a new day admits the last new card.
    clock.set(Date.parse('2026-03-10T16:05:00.000Z'));
    expect(await counters(user)).toEqual(all(4, 0));
  });
});
