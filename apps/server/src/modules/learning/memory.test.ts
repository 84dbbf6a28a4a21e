import { Memory, type ReviewResult, type Workload } from '@arbor/contract';
import { fsrs, generatorParameters, get_fuzz_range, Rating, State, type Card } from 'ts-fsrs';
import { describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '../../testing/test-app.ts';
import { clockedTestApp } from '../../testing/clocked-app.ts';
import { createTree } from '../trees/testing.ts';
import { createMemoryCardsCache } from './memory-cards.ts';
import { reviewId } from './recall.testing.ts';

const DAY = 86_400_000;
const NOW = '2026-03-10T08:00:00.000Z';

const ctx = clockedTestApp(NOW, { resetEach: true });
const { call } = ctx;

/** root ─ a, b, c, d, e; d waits for c, c for b, b for a (prerequisite links); e waits for nothing. */
const chain = {
  nodes: [
    { id: 'root', parent_id: null, title: 'Web' },
    { id: 'a', parent_id: 'root', title: 'HTML' },
    { id: 'b', parent_id: 'root', title: 'CSS' },
    { id: 'c', parent_id: 'root', title: 'JavaScript' },
    { id: 'd', parent_id: 'root', title: 'React' },
    { id: 'e', parent_id: 'root', title: 'Git' },
  ],
  links: [
    { source: 'a', target: 'b', kind: 'prerequisite' },
    { source: 'b', target: 'c', kind: 'prerequisite' },
    { source: 'c', target: 'd', kind: 'prerequisite' },
  ],
};

const chainTree = async (user: TestUser, visibility = 'private') =>
  (await createTree(ctx.t.app, user, { title: 'Web', visibility, data: chain })) as { id: number; uuid: string };

async function newCard(user: TestUser, tree: { uuid: string }, node: string): Promise<number> {
  const res = await call(user, 'POST', '/api/learn/cards/', { tree: tree.uuid, node_id: node, front: node, back: 'b' });
  expect(res.statusCode).toBe(201);
  return (res.json() as { id: number }).id;
}

/** Puts a card in review state with a known memory: stability `s`, last reviewed `ago` days before NOW, due `dueIn` days after. */
async function arrange(id: number, s: number, ago: number, dueIn: number) {
  await ctx.t.app.db
    .updateTable('learning_cards')
    .set({
      state: 'review',
      stability: s,
      difficulty: 5,
      reps: 3,
      lapses: 1,
      elapsed_days: 4,
      scheduled_days: ago + dueIn,
      learning_steps: 0,
      last_review: new Date(Date.parse(NOW) - ago * DAY).toISOString(),
      due: new Date(Date.parse(NOW) + dueIn * DAY).toISOString(),
    })
    .where('id', '=', id)
    .execute();
}

const cardRow = (id: number) =>
  ctx.t.app.db.selectFrom('learning_cards').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/** ts-fsrs's card for a row. */
const fsrsCard = (row: Awaited<ReturnType<typeof cardRow>>): Card => ({
  due: new Date(row.due),
  stability: Number(row.stability),
  difficulty: Number(row.difficulty),
  elapsed_days: row.elapsed_days,
  scheduled_days: row.scheduled_days,
  learning_steps: row.learning_steps,
  reps: row.reps,
  lapses: row.lapses,
  state: State.Review,
  last_review: new Date(row.last_review!),
});

const review = (user: TestUser, id: number, rating: number) =>
  call(user, 'POST', `/api/learn/cards/${id}/review/`, { review_id: reviewId(), rating });

describe('implicit credit', () => {
  async function setUp(dueIn = 1) {
    const user = await createUser(ctx.t.app);
    const tree = await chainTree(user);
    const ids: Record<string, number> = {};
    for (const node of ['a', 'b', 'c', 'd', 'e']) ids[node] = await newCard(user, tree, node);
    for (const node of ['a', 'b', 'c', 'e']) await arrange(ids[node]!, 6, 5, dueIn);
    await arrange(ids.d!, 10, 10, 0);
    return { user, tree, ids };
  }

  it('gives a Good review’s prerequisites S + w × (S_good − S) at distance 1 (0.5) and 2 (0.25), nothing at 3, due without fuzz', async () => {
    const { user, ids } = await setUp();
    const before = {
      a: await cardRow(ids.a!),
      b: await cardRow(ids.b!),
      c: await cardRow(ids.c!),
      e: await cardRow(ids.e!),
    };
    const res = await review(user, ids.d!, 3);
    expect(res.statusCode).toBe(200);
    const body = res.json() as ReviewResult;
    expect(body.strengthened).toEqual([
      { node_id: 'c', title: 'JavaScript' },
      { node_id: 'b', title: 'CSS' },
    ]);
    expect(body.log.kind).toBe('explicit');

    const at = new Date(NOW);
    const scheduler = fsrs(
      generatorParameters({ enable_fuzz: false, enable_short_term: true, request_retention: 0.9 }),
    );
    for (const [node, weight] of [
      ['c', 0.5],
      ['b', 0.25],
    ] as const) {
      const old = fsrsCard(before[node]);
      const good = scheduler.next(old, at, Rating.Good).card;
      const stability = old.stability + weight * (good.stability - old.stability);
      const interval = scheduler.next_interval(stability, good.elapsed_days);
      const after = await cardRow(ids[node]!);
      expect(Number(after.stability), node).toBeCloseTo(stability, 8);
      expect(after.due, node).toBe(new Date(at.getTime() + interval * DAY).toISOString());
      expect(after.scheduled_days).toBe(interval);
      expect(after.last_review).toBe(NOW);
      // reps, lapses, difficulty and state stay
      expect([after.reps, after.lapses, Number(after.difficulty), after.state]).toEqual([3, 1, 5, 'review']);
      expect(stability).toBeGreaterThan(old.stability);
    }
    // distance 3 and unrelated nodes: untouched
    expect(await cardRow(ids.a!)).toEqual(before.a);
    expect(await cardRow(ids.e!)).toEqual(before.e);

    const logs = await ctx.t.app.db
      .selectFrom('learning_review_logs')
      .select(['card_id', 'kind', 'source_card_id'])
      .where('user_id', '=', user.id)
      .orderBy('id')
      .execute();
    expect(logs).toEqual([
      { card_id: ids.d, kind: 'explicit', source_card_id: null },
      { card_id: ids.b, kind: 'implicit', source_card_id: ids.d },
      { card_id: ids.c, kind: 'implicit', source_card_id: ids.d },
    ]);
    // implicit logs never count as reviews
    const stats = (await call(user, 'GET', '/api/learn/review/stats/')).json() as { reviews_today: number };
    expect(stats.reviews_today).toBe(1);
    const activity = (await call(user, 'GET', '/api/learn/activity/?days=1')).json() as {
      days: { reviews: number }[];
    };
    expect(activity.days.at(-1)!.reviews).toBe(1);
  });

  it('gives the same credit for Easy', async () => {
    const { user, ids } = await setUp();
    const body = (await review(user, ids.d!, 4)).json() as ReviewResult;
    expect(body.strengthened.map((n) => n.node_id)).toEqual(['c', 'b']);
  });

  it('gives nothing for Again or Hard', async () => {
    for (const rating of [1, 2]) {
      const { user, ids } = await setUp();
      const before = await cardRow(ids.c!);
      const body = (await review(user, ids.d!, rating)).json() as ReviewResult;
      expect(body.strengthened).toEqual([]);
      expect(await cardRow(ids.c!)).toEqual(before);
    }
  });

  it('gives nothing to cards due more than 2 days after the review', async () => {
    const { user, ids } = await setUp(3);
    const before = await cardRow(ids.c!);
    const body = (await review(user, ids.d!, 3)).json() as ReviewResult;
    expect(body.strengthened).toEqual([]);
    expect(await cardRow(ids.c!)).toEqual(before);
  });

  it('gives nothing with implicit_credit off', async () => {
    const { user, ids } = await setUp();
    expect((await call(user, 'PATCH', '/api/learn/settings/', { implicit_credit: false })).statusCode).toBe(200);
    const before = await cardRow(ids.c!);
    const body = (await review(user, ids.d!, 3)).json() as ReviewResult;
    expect(body.strengthened).toEqual([]);
    expect(await cardRow(ids.c!)).toEqual(before);
  });

  it('never touches another learner’s cards on the same tree', async () => {
    const owner = await createUser(ctx.t.app);
    const tree = await chainTree(owner, 'public');
    const learner = await createUser(ctx.t.app);
    const ownersC = await newCard(owner, tree, 'c');
    await arrange(ownersC, 6, 5, 1);
    const learnersD = await newCard(learner, tree, 'd');
    await arrange(learnersD, 10, 10, 0);
    const before = await cardRow(ownersC);
    const body = (await review(learner, learnersD, 3)).json() as ReviewResult;
    expect(body.strengthened).toEqual([]);
    expect(await cardRow(ownersC)).toEqual(before);
  });

  it('takes the credit back with an undo of the review that gave it, and a retry answers the same', async () => {
    const { user, ids } = await setUp();
    const before = await cardRow(ids.c!);
    const id = reviewId();
    const first = await call(user, 'POST', `/api/learn/cards/${ids.d}/review/`, { review_id: id, rating: 3 });
    const again = await call(user, 'POST', `/api/learn/cards/${ids.d}/review/`, { review_id: id, rating: 3 });
    expect(again.json()).toEqual(first.json());
    expect((await call(user, 'POST', `/api/learn/cards/${ids.d}/undo/`)).statusCode).toBe(200);
    expect(await cardRow(ids.c!)).toMatchObject({ stability: before.stability, due: before.due });
    const logs = await ctx.t.app.db
      .selectFrom('learning_review_logs')
      .select('id')
      .where('user_id', '=', user.id)
      .execute();
    expect(logs).toEqual([]);
  });
});

describe('scheduler options', () => {
  it('keeps maximum_interval and steps, and uses them for reviews', async () => {
    const user = await createUser(ctx.t.app);
    const patched = await call(user, 'PATCH', '/api/learn/settings/', {
      maximum_interval: 3,
      learning_steps: ['5m', '2h'],
      relearning_steps: [],
      load_balance: false,
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({ maximum_interval: 3, learning_steps: ['5m', '2h'], relearning_steps: [] });
    expect((await call(user, 'GET', '/api/learn/settings/')).json()).toMatchObject({
      maximum_interval: 3,
      learning_steps: ['5m', '2h'],
      relearning_steps: [],
      implicit_credit: true,
    });
    const tree = await chainTree(user);
    const id = await newCard(user, tree, 'e');
    const first = (await review(user, id, 1)).json() as ReviewResult;
    expect(Date.parse(first.card.due) - Date.parse(NOW)).toBe(5 * 60_000);
    await arrange(id, 50, 3, 0);
    const before = await cardRow(id);
    const expected = fsrs(
      generatorParameters({
        enable_fuzz: true,
        maximum_interval: 3,
        learning_steps: ['5m', '2h'],
        relearning_steps: [],
      }),
    ).next(fsrsCard(before), new Date(NOW), Rating.Hard).card;
    const hard = (await review(user, id, 2)).json() as ReviewResult;
    expect(hard.card).toMatchObject({ scheduled_days: expected.scheduled_days, due: expected.due.toISOString() });
    expect(hard.card.scheduled_days).toBeLessThanOrEqual(3);
  });

  it('refuses a malformed step naming it, and a maximum_interval out of range, writing nothing', async () => {
    const user = await createUser(ctx.t.app);
    const step = await call(user, 'PATCH', '/api/learn/settings/', { learning_steps: ['1m', '10x'], new_per_day: 5 });
    expect(step.statusCode).toBe(400);
    expect(Object.keys((step.json() as { fields: Record<string, unknown> }).fields)).toEqual(['learning_steps.1']);
    const many = await call(user, 'PATCH', '/api/learn/settings/', { relearning_steps: Array(11).fill('1m') });
    expect(many.statusCode).toBe(400);
    expect(Object.keys((many.json() as { fields: Record<string, unknown> }).fields)).toEqual(['relearning_steps']);
    for (const maximum_interval of [0, 36_501, 1.5]) {
      const res = await call(user, 'PATCH', '/api/learn/settings/', { maximum_interval });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toHaveProperty('fields.maximum_interval');
    }
    expect((await call(user, 'GET', '/api/learn/settings/')).json()).toMatchObject({
      new_per_day: 20,
      learning_steps: ['1m', '10m'],
      maximum_interval: 36_500,
    });
  });

  it('answers 401 to anonymous callers', async () => {
    expect((await call(null, 'PATCH', '/api/learn/settings/', { maximum_interval: 5 })).statusCode).toBe(401);
  });
});

describe('load balancing and easy days', () => {
  /** A learner with a review card whose Good interval is fuzzed over a range of days, and that range. */
  async function setUp(settings: Record<string, unknown>) {
    const user = await createUser(ctx.t.app);
    expect((await call(user, 'PATCH', '/api/learn/settings/', settings)).statusCode).toBe(200);
    const tree = await chainTree(user);
    const id = await newCard(user, tree, 'e');
    await arrange(id, 15, 15, 0);
    const card = fsrsCard(await cardRow(id));
    const plain = fsrs(generatorParameters({ enable_fuzz: false })).next(card, new Date(NOW), Rating.Good).card;
    const { min_ivl, max_ivl } = get_fuzz_range(plain.scheduled_days, plain.elapsed_days, 36_500);
    const fuzzed = fsrs(generatorParameters({ enable_fuzz: true })).next(card, new Date(NOW), Rating.Good).card;
    const others = [];
    for (let n = 0; n < 2 * (max_ivl - min_ivl + 1); n++) others.push(await newCard(user, tree, 'a'));
    return { user, id, min_ivl, max_ivl, fuzzed, others };
  }
  /** Two cards due on each day of the range but `free`. */
  async function load(others: number[], min: number, max: number, free: number) {
    let next = 0;
    for (let ivl = min; ivl <= max; ivl++) {
      if (ivl === free) continue;
      for (let n = 0; n < 2; n++) await arrange(others[next++]!, 30, 1, ivl);
    }
  }
  const weekday = (ivl: number) => (new Date(Date.parse(NOW) + ivl * DAY).getUTCDay() + 6) % 7;

  it('puts the due on the least loaded day of ts-fsrs’s fuzz range, everything else as ts-fsrs gives it', async () => {
    const { user, id, min_ivl, max_ivl, fuzzed, others } = await setUp({});
    expect(max_ivl - min_ivl).toBeGreaterThanOrEqual(2);
    await load(others, min_ivl, max_ivl, max_ivl);
    const body = (await review(user, id, 3)).json() as ReviewResult;
    expect(body.card.scheduled_days).toBe(max_ivl);
    expect(body.card.due).toBe(new Date(Date.parse(NOW) + max_ivl * DAY).toISOString());
    expect(body.card).toMatchObject({ stability: fuzzed.stability, difficulty: fuzzed.difficulty, reps: fuzzed.reps });
  });

  it('avoids easy days when the range has another day, ties going to the earliest', async () => {
    const { user, id, min_ivl, max_ivl, others } = await setUp({ easy_days: [] });
    await load(others, min_ivl, max_ivl, -1);
    await call(user, 'PATCH', '/api/learn/settings/', { easy_days: [weekday(min_ivl)] });
    const body = (await review(user, id, 3)).json() as ReviewResult;
    expect(body.card.scheduled_days).toBe(min_ivl + 1);
  });

  it('leaves ts-fsrs’s due exactly with load_balance off', async () => {
    const { user, id, min_ivl, max_ivl, fuzzed, others } = await setUp({ load_balance: false });
    await load(others, min_ivl, max_ivl, max_ivl === fuzzed.scheduled_days ? min_ivl : max_ivl);
    const body = (await review(user, id, 3)).json() as ReviewResult;
    expect(body.card.due).toBe(fuzzed.due.toISOString());
  });

  it('keeps easy_days sorted and refuses days out of 0–6', async () => {
    const user = await createUser(ctx.t.app);
    const res = await call(user, 'PATCH', '/api/learn/settings/', { easy_days: [6, 5, 5], load_balance: false });
    expect(res.json()).toMatchObject({ easy_days: [5, 6], load_balance: false });
    expect((await call(user, 'PATCH', '/api/learn/settings/', { easy_days: [7] })).statusCode).toBe(400);
  });
});

describe('GET /api/learn/memory/', () => {
  it('answers each node’s retention from ts-fsrs’s forgetting curve, now and at a later day', async () => {
    const user = await createUser(ctx.t.app);
    const tree = await chainTree(user);
    const a1 = await newCard(user, tree, 'a');
    const a2 = await newCard(user, tree, 'a');
    const b = await newCard(user, tree, 'b');
    await newCard(user, tree, 'c');
    await arrange(a1, 1, 8, -2);
    await arrange(a2, 20, 2, 10);
    await arrange(b, 30, 1, 20);
    const scheduler = fsrs(generatorParameters({}));
    const r = (s: number, days: number) => scheduler.forgetting_curve(days, s);

    const res = await call(user, 'GET', `/api/learn/memory/?tree=${tree.uuid}`);
    expect(res.statusCode).toBe(200);
    const memory = res.json() as Memory;
    // written as text, not by the schema's serializer: held to the contract here
    expect(Memory.strict().parse(memory)).toEqual(memory);
    expect(memory.subject).toMatchObject({ kind: 'tree', uuid: tree.uuid });
    expect(memory.as_of).toBe(NOW);
    expect(Object.keys(memory.nodes)).toEqual(['a', 'b', 'c']);
    expect(memory.nodes.a!.retention).toBeCloseTo((r(1, 8) + r(20, 2)) / 2, 8);
    expect(memory.nodes.a).toMatchObject({ cards: 2, due: 1, stability_days: 10.5 });
    expect(memory.nodes.a!.last_review).toBe(new Date(Date.parse(NOW) - 2 * DAY).toISOString());
    expect(memory.nodes.b!.retention).toBeCloseTo(r(30, 1), 8);
    expect(memory.nodes.c).toEqual({ retention: null, cards: 1, due: 0, stability_days: null, last_review: null });
    expect(memory.summary.retention).toBeCloseTo((memory.nodes.a!.retention! + memory.nodes.b!.retention!) / 2, 8);
    expect(memory.summary.at_risk).toEqual(['a']);
    // a1 is due now, and the new card on c is admitted today
    expect(memory.summary.due_today).toBe(2);

    // `/learn` shows the same retention beside each subject
    const subjects = (await call(user, 'GET', '/api/learn/subjects/')).json() as {
      results: { uuid: string; retention: number | null }[];
    };
    expect(subjects.results.find((s) => s.uuid === tree.uuid)!.retention).toBeCloseTo(memory.summary.retention!, 10);

    const later = (await call(user, 'GET', `/api/learn/memory/?tree=${tree.uuid}&at=2026-09-30`)).json() as Memory;
    expect(later.as_of).toBe('2026-09-30T08:00:00.000Z');
    expect(later.nodes.b!.retention).toBeCloseTo(r(30, 205), 8);
    expect(later.nodes.a).toMatchObject({ due: 2 });
    expect(later.summary.at_risk).toEqual(['a', 'b']);
  });

  it('answers cards written since the last read, by any code or process (the kept cards follow the card version)', async () => {
    const user = await createUser(ctx.t.app);
    const tree = await chainTree(user);
    const a = await newCard(user, tree, 'a');
    const b = await newCard(user, tree, 'b');
    await arrange(a, 10, 1, 5);
    const read = async () => (await call(user, 'GET', `/api/learn/memory/?tree=${tree.uuid}`)).json() as Memory;
    expect((await read()).nodes.a).toMatchObject({ cards: 1, stability_days: 10 });
    expect(await read()).toEqual(await read());

    // Straight into the table, as another server process would: no code of this app knows of it.
    await arrange(a, 25, 1, 5);
    expect((await read()).nodes.a).toMatchObject({ stability_days: 25 });
    await ctx.t.app.db.deleteFrom('learning_cards').where('id', '=', b).execute();
    expect(Object.keys((await read()).nodes)).toEqual(['a']);
    // A review through the API, and a card added
    const reviewed = await call(user, 'POST', `/api/learn/cards/${a}/review/`, { rating: 3, review_id: reviewId() });
    expect(reviewed.statusCode).toBe(200);
    await newCard(user, tree, 'c');
    const after = await read();
    expect(after.nodes.a!.last_review).toBe(NOW);
    expect(Object.keys(after.nodes)).toEqual(['a', 'c']);
  });

  it('brings kept cards up to date from the cards that changed, as a read from scratch would answer', async () => {
    const user = await createUser(ctx.t.app);
    const tree = await chainTree(user);
    const ids = [await newCard(user, tree, 'a'), await newCard(user, tree, 'b'), await newCard(user, tree, 'c')];
    await arrange(ids[0]!, 10, 1, 5);
    await arrange(ids[1]!, 4, 3, 1);
    const url = `/api/learn/memory/?tree=${tree.uuid}`;
    const read = async () => (await call(user, 'GET', url)).json() as Memory;
    // the same question asked of a process that keeps nothing yet
    const fromScratch = async () => {
      const caches = ctx.t.app.deps.caches.learning;
      const kept = caches.memoryCards;
      caches.memoryCards = createMemoryCardsCache();
      try {
        return await read();
      } finally {
        caches.memoryCards = kept;
      }
    };
    await read();
    const steps: Array<() => Promise<unknown>> = [
      () => arrange(ids[0]!, 30, 2, 9),
      () => call(user, 'POST', `/api/learn/cards/${ids[1]}/review/`, { rating: 1, review_id: reviewId() }),
      () => ctx.t.app.db.updateTable('learning_cards').set({ node_id: 'd' }).where('id', '=', ids[2]!).execute(),
      () => newCard(user, tree, 'e'),
      () => ctx.t.app.db.deleteFrom('learning_cards').where('id', '=', ids[0]!).execute(),
    ];
    for (const step of steps) {
      await step();
      const answer = await read();
      expect(answer).toEqual(await fromScratch());
    }
    // Kept cards the log no longer reaches back to are read again whole.
    await arrange(ids[1]!, 12, 1, 3);
    await ctx.t.app.db.deleteFrom('learning_card_changes').where('user_id', '=', user.id).execute();
    expect(await read()).toEqual(await fromScratch());
    expect((await read()).nodes.b).toMatchObject({ stability_days: 12 });
  });

  it("keeps the last 1,000 versions of a subject's card changes, deleting older ones as it grows", async () => {
    const user = await createUser(ctx.t.app);
    const tree = await chainTree(user);
    const id = await newCard(user, tree, 'a');
    await ctx.t.app.db.transaction().execute(async (trx) => {
      for (let i = 0; i < 1150; i++)
        await trx.updateTable('learning_cards').set({ stability: i }).where('id', '=', id).execute();
    });
    const versions = await ctx.t.app.db
      .selectFrom('learning_card_changes')
      .select('version')
      .where('user_id', '=', user.id)
      .orderBy('version')
      .execute();
    const numbers = versions.map((v) => Number(v.version));
    expect(numbers.at(-1)).toBe(1151);
    // pruned at version 1100: 101 … 1100 kept, then 1101 … 1151
    expect(numbers[0]).toBe(101);
    expect(numbers).toHaveLength(1051);
  });

  it('refuses an `at` before today or more than 365 days ahead, and a missing subject', async () => {
    const user = await createUser(ctx.t.app);
    const tree = await chainTree(user);
    for (const at of ['2026-03-09', '2027-03-11', '2026-3-1']) {
      const res = await call(user, 'GET', `/api/learn/memory/?tree=${tree.uuid}&at=${at}`);
      expect(res.statusCode, at).toBe(400);
      expect(res.json()).toHaveProperty('fields.at');
    }
    expect((await call(user, 'GET', `/api/learn/memory/?tree=${tree.uuid}&at=2027-03-10`)).statusCode).toBe(200);
    expect((await call(user, 'GET', '/api/learn/memory/')).statusCode).toBe(400);
  });

  it('is private: another user sees only their own cards of a public tree, a private tree is 404, anonymous 401', async () => {
    const owner = await createUser(ctx.t.app);
    const open = await chainTree(owner, 'public');
    const closed = await chainTree(owner);
    await arrange(await newCard(owner, open, 'a'), 5, 1, 3);
    const other = await createUser(ctx.t.app);
    const seen = (await call(other, 'GET', `/api/learn/memory/?tree=${open.uuid}`)).json() as Memory;
    expect(seen.nodes).toEqual({});
    expect(seen.summary).toEqual({ retention: null, at_risk: [], due_today: 0 });
    expect((await call(other, 'GET', `/api/learn/memory/?tree=${closed.uuid}`)).statusCode).toBe(404);
    expect((await call(null, 'GET', `/api/learn/memory/?tree=${open.uuid}`)).statusCode).toBe(401);
  });
});

describe('GET /api/learn/memory/workload/', () => {
  it('forecasts reviews per day rated Good, with new cards at new_per_day; a higher retention costs more', async () => {
    const user = await createUser(ctx.t.app);
    await call(user, 'PATCH', '/api/learn/settings/', { new_per_day: 2 });
    const tree = await chainTree(user);
    const ids: number[] = [];
    for (const node of ['a', 'b', 'c', 'd', 'e']) ids.push(await newCard(user, tree, node));
    for (const [index, id] of ids.slice(0, 3).entries()) await arrange(id, 3 + index, 3, index);
    const res = await call(user, 'GET', '/api/learn/memory/workload/');
    expect(res.statusCode).toBe(200);
    const low = res.json() as Workload;
    expect(low.retention).toBe(0.9);
    expect(low.days).toHaveLength(30);
    expect(low.days[0]).toMatchObject({ date: '2026-03-10', new: 2 });
    expect(low.days[1]).toMatchObject({ date: '2026-03-11', new: 0 });
    expect(low.days.reduce((sum, day) => sum + day.new, 0)).toBe(2);
    expect(low.total_reviews).toBe(low.days.reduce((sum, day) => sum + day.reviews, 0));
    expect(low.days[0]!.reviews).toBeGreaterThanOrEqual(1);

    const high = (await call(user, 'GET', '/api/learn/memory/workload/?retention=0.97&days=90')).json() as Workload;
    const lower = (await call(user, 'GET', '/api/learn/memory/workload/?retention=0.7&days=90')).json() as Workload;
    expect(high.days).toHaveLength(90);
    expect(high.total_reviews).toBeGreaterThan(lower.total_reviews);
  });

  it('counts only the caller’s cards, refuses bad figures, and answers 401 to anonymous callers', async () => {
    const owner = await createUser(ctx.t.app);
    const tree = await chainTree(owner, 'public');
    await arrange(await newCard(owner, tree, 'a'), 5, 1, 0);
    const other = await createUser(ctx.t.app);
    const theirs = (await call(other, 'GET', '/api/learn/memory/workload/?days=7')).json() as Workload;
    expect(theirs.total_reviews).toBe(0);
    expect(theirs.days.every((day) => day.new === 0)).toBe(true);
    for (const query of ['retention=0.5', 'retention=1', 'retention=x', 'days=0', 'days=366', 'days=2.5']) {
      const res = await call(other, 'GET', `/api/learn/memory/workload/?${query}`);
      expect(res.statusCode, query).toBe(400);
    }
    expect((await call(null, 'GET', '/api/learn/memory/workload/')).statusCode).toBe(401);
  });
});
