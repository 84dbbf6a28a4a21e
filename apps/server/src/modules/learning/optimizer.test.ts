import type { Card as CardJson, LearnerSettings } from '@arbor/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app.ts';
import { openDatabase } from '../../db/connection.ts';
import { callerOf, type Caller } from '../../testing/call.ts';
import { createTestApp, createUser, type TestApp, type TestUser } from '../../testing/test-app.ts';
import { installClock, testClock } from '../../testing/test-clock.ts';
import { TEST_DB_KIND } from '../../testing/test-database.ts';
import * as optimizer from './fsrs-optimizer.ts';
import { generateHistory } from './fsrs-history.testing.ts';
import { recallTree, reviewId } from './recall.testing.ts';

let t: TestApp;
let call: Caller;
const NOW = '2030-01-01T08:00:00.000Z';

beforeAll(async () => {
  t = await createTestApp({}, { jobs: { retryDelaySeconds: 0, pollingIntervalSeconds: 0.5 } });
  call = callerOf(t.app);
  installClock(t.app, NOW);
});
afterAll(async () => t.close());

/**
 * Gives `user` a history of explicit reviews (generated: a learner weaker than the defaults say) on
 * cards of a tree of theirs, written directly; answers the tree.
 */
async function seedHistory(app: TestApp['app'], user: TestUser, reviews: number) {
  const tree = await recallTree(app, user);
  const logs = generateHistory({ reviews, cards: Math.ceil(reviews / 10), start: new Date('2026-01-01T08:00:00Z') });
  const cardIds = new Map<number, number>();
  for (const log of logs) {
    if (cardIds.has(log.card_id)) continue;
    const row = await app.db
      .insertInto('learning_cards')
      .values({
        user_id: user.id,
        subject_kind: 'tree',
        subject_id: tree.id,
        node_id: 'basics',
        front: `card ${log.card_id}`,
        back: 'b',
        state: 'review',
        due: NOW,
        stability: 5,
        difficulty: 5,
        elapsed_days: 0,
        scheduled_days: 5,
        learning_steps: 0,
        reps: 10,
        lapses: 0,
        last_review: logs[0]!.reviewed_at,
        created_at: logs[0]!.reviewed_at,
        updated_at: logs[0]!.reviewed_at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    cardIds.set(log.card_id, row.id);
  }
  const rows = logs.map((log) => ({
    card_id: cardIds.get(log.card_id)!,
    user_id: user.id,
    review_id: reviewId(),
    rating: log.rating,
    state: log.state as 'new',
    due: log.reviewed_at,
    stability: 1,
    difficulty: 5,
    elapsed_days: 0,
    last_elapsed_days: 0,
    scheduled_days: 0,
    learning_steps: 0,
    reviewed_at: log.reviewed_at,
    duration_ms: null,
    card_before: '{}',
    answer: '{}',
  }));
  for (let i = 0; i < rows.length; i += 200) {
    await app.db
      .insertInto('learning_review_logs')
      .values(rows.slice(i, i + 200))
      .execute();
  }
  return tree;
}

const settingsOf = async (user: TestUser, caller = call) =>
  (await caller(user, 'GET', '/api/learn/settings/')).json() as LearnerSettings;

async function newCard(user: TestUser, tree: { uuid: string }, caller = call): Promise<CardJson> {
  const res = await caller(user, 'POST', '/api/learn/cards/', {
    tree: tree.uuid,
    node_id: 'syntax',
    front: 'f',
    back: 'b',
  });
  expect(res.statusCode).toBe(201);
  return res.json() as CardJson;
}

describe('POST /api/learn/memory/optimize/', () => {
  it('answers 401 to anonymous callers', async () => {
    const res = await call(null, 'POST', '/api/learn/memory/optimize/');
    expect(res.statusCode).toBe(401);
  });

  it('answers 400 not_enough_reviews under 100 explicit reviews, saying how many there are and are needed', async () => {
    const user = await createUser(t.app);
    const none = await call(user, 'POST', '/api/learn/memory/optimize/');
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({
      code: 'not_enough_reviews',
      detail: 'Optimising needs at least 100 reviews; you have 0.',
    });
    await seedHistory(t.app, user, 98);
    const few = await call(user, 'POST', '/api/learn/memory/optimize/', undefined, {
      headers: { 'accept-language': 'zh-CN' },
    });
    expect(few.statusCode).toBe(400);
    expect(few.json().code).toBe('not_enough_reviews');
    expect(few.json().detail).toBe('优化至少需要 100 次复习；你目前有 98 次。');
  });

  it('adopts parameters with a lower log loss than the defaults on a generated history, for the caller alone', async () => {
    const [user, other] = [await createUser(t.app), await createUser(t.app)];
    await seedHistory(t.app, user, 1200);
    await seedHistory(t.app, other, 150);
    const res = await call(user, 'POST', '/api/learn/memory/optimize/');
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ status: 'queued' });
    await t.app.deps.jobs.idle();

    const { fsrs } = await settingsOf(user);
    expect(fsrs.parameters).toHaveLength(21);
    expect(fsrs.trained_on).toBe(1200);
    expect(fsrs.trained_at).toBe(NOW);
    expect(fsrs.log_loss_after).toBeLessThan(fsrs.log_loss_before!);
    expect(fsrs.rmse_before).toBeGreaterThan(0);
    expect(fsrs.rmse_after).toBeGreaterThan(0);
    // Nobody else's parameters move.
    expect((await settingsOf(other)).fsrs).toMatchObject({ parameters: null, trained_at: null, trained_on: 0 });
  });

  it('keeps the parameters when the new ones score no better, and records the try', async () => {
    const user = await createUser(t.app);
    await seedHistory(t.app, user, 300);
    const spy = vi.spyOn(optimizer, 'optimize').mockResolvedValueOnce({
      parameters: Array.from({ length: 21 }, () => 1),
      before: { logLoss: 0.3, rmse: 0.05 },
      after: { logLoss: 0.4, rmse: 0.06 },
      trainedOn: 300,
    });
    expect((await call(user, 'POST', '/api/learn/memory/optimize/')).statusCode).toBe(202);
    await t.app.deps.jobs.idle();
    spy.mockRestore();
    expect((await settingsOf(user)).fsrs).toEqual({
      parameters: null,
      trained_on: 300,
      trained_at: NOW,
      log_loss_before: 0.3,
      log_loss_after: 0.4,
      rmse_before: 0.05,
      rmse_after: 0.06,
    });
  });

  it('marks a job that throws as failed and logs it without its stack, leaving the settings as they were', async () => {
    const user = await createUser(t.app);
    await seedHistory(t.app, user, 120);
    const spy = vi.spyOn(optimizer, 'optimize').mockRejectedValue(new Error('binding crashed\n    at secret.rs:1'));
    const logged = vi.spyOn(t.app.log, 'error');
    const id = await t.app.deps.jobs.enqueue('learning.optimize_fsrs', { userId: user.id });
    await t.app.deps.jobs.idle();
    spy.mockRestore();
    expect(await t.app.deps.jobs.status('learning.optimize_fsrs', id!)).toBe('failed');
    const failures = logged.mock.calls.filter(([, message]) => message === 'a background job failed');
    logged.mockRestore();
    expect(failures).toHaveLength(1);
    expect(JSON.stringify(failures)).toContain('binding crashed');
    expect(JSON.stringify(failures)).not.toContain('secret.rs');
    expect((await settingsOf(user)).fsrs.trained_at).toBeNull();
  });
});

describe('settings', () => {
  it('shows the defaults, lets auto_optimize change and never lets a patch write fsrs', async () => {
    const user = await createUser(t.app);
    const before = await settingsOf(user);
    expect(before.auto_optimize).toBe(true);
    expect(before.fsrs).toEqual({
      parameters: null,
      trained_on: 0,
      trained_at: null,
      log_loss_before: null,
      log_loss_after: null,
      rmse_before: null,
      rmse_after: null,
    });
    const off = await call(user, 'PATCH', '/api/learn/settings/', { auto_optimize: false });
    expect(off.statusCode).toBe(200);
    expect(off.json().auto_optimize).toBe(false);
    const forged = await call(user, 'PATCH', '/api/learn/settings/', {
      fsrs: { parameters: Array.from({ length: 21 }, () => 1), trained_on: 5 },
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().code).toBe('invalid');
    expect((await settingsOf(user)).fsrs.parameters).toBeNull();
  });
});

describe('automatic optimisation', () => {
  it('queues itself once the 500th explicit review comes, then not again the same day', async () => {
    const user = await createUser(t.app);
    const tree = await seedHistory(t.app, user, 499);
    const [a, b] = [await newCard(user, tree), await newCard(user, tree)];
    const enqueue = vi.spyOn(t.app.deps.jobs, 'enqueue');
    expect(
      (await call(user, 'POST', `/api/learn/cards/${a.id}/review/`, { review_id: reviewId(), rating: 3 })).statusCode,
    ).toBe(200);
    await t.app.deps.jobs.idle();
    expect((await settingsOf(user)).fsrs.trained_on).toBe(500);
    expect(
      (await call(user, 'POST', `/api/learn/cards/${b.id}/review/`, { review_id: reviewId(), rating: 3 })).statusCode,
    ).toBe(200);
    await t.app.deps.jobs.idle();
    expect(enqueue.mock.calls.filter(([name]) => name === 'learning.optimize_fsrs')).toHaveLength(1);
    enqueue.mockRestore();
    expect((await settingsOf(user)).fsrs.trained_on).toBe(500);
  });

  it('does nothing with auto_optimize off', async () => {
    const user = await createUser(t.app);
    const tree = await seedHistory(t.app, user, 520);
    await call(user, 'PATCH', '/api/learn/settings/', { auto_optimize: false });
    const card = await newCard(user, tree);
    expect(
      (await call(user, 'POST', `/api/learn/cards/${card.id}/review/`, { review_id: reviewId(), rating: 3 }))
        .statusCode,
    ).toBe(200);
    await t.app.deps.jobs.idle();
    expect((await settingsOf(user)).fsrs.trained_at).toBeNull();
  });

  it.runIf(TEST_DB_KIND === 'postgres')(
    'runs once, not twice, when two server processes on one database see the 500th review',
    async () => {
      // A second app process on the same database, with its own pool and its own job workers.
      const handle = openDatabase(t.database.url);
      const second = await buildApp(t.config, {
        database: handle,
        migrate: false,
        clock: testClock(NOW),
        jobs: { retryDelaySeconds: 0, pollingIntervalSeconds: 0.5 },
      });
      await second.ready();
      const callSecond = callerOf(second);
      try {
        await Promise.all([t.app.deps.jobs.start(), second.deps.jobs.start()]);
        const user = await createUser(t.app);
        const tree = await seedHistory(t.app, user, 520);
        const [a, b] = [await newCard(user, tree), await newCard(user, tree)];
        const answers = await Promise.all([
          call(user, 'POST', `/api/learn/cards/${a.id}/review/`, { review_id: reviewId(), rating: 3 }),
          callSecond(user, 'POST', `/api/learn/cards/${b.id}/review/`, { review_id: reviewId(), rating: 3 }),
        ]);
        expect(answers.map((res) => res.statusCode)).toEqual([200, 200]);
        await Promise.all([t.app.deps.jobs.idle(), second.deps.jobs.idle()]);
        const jobs = await sql<{ n: number }>`
        SELECT count(*)::int AS n FROM (
          SELECT id FROM pgboss.job WHERE name = 'learning.optimize_fsrs' AND data->>'userId' = ${String(user.id)}
          UNION ALL
          SELECT id FROM pgboss.archive WHERE name = 'learning.optimize_fsrs' AND data->>'userId' = ${String(user.id)}
        ) AS runs`.execute(t.app.db);
        expect(jobs.rows[0]!.n).toBe(1);
        // The one run trains on the reviews committed when it starts: the 521st (which queued it) and, unless the
        // run started between the two commits, the 522nd too.
        const trainedOn = (await settingsOf(user)).fsrs.trained_on;
        expect(trainedOn).toBeGreaterThanOrEqual(521);
        expect(trainedOn).toBeLessThanOrEqual(522);
      } finally {
        await second.close();
        await handle.close();
      }
    },
  );
});
