// The migration that removes the ratings authors gave their own templates (issue 28) recounts the
// counters of the templates it touched from the ratings left, and leaves every other template alone.
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { up } from '../../db/migrations/20261129_0101_no_self_ratings.ts';
import { createTestApp, createUser, type TestApp } from '../../testing/test-app.ts';
import { hotScore } from './shares.hot.ts';
import { insertBareTemplate } from './templates.testing.ts';

let t: TestApp;
afterAll(async () => t?.close());
beforeAll(async () => {
  t = await createTestApp();
});

const AT = '2026-01-02T00:00:00.000Z';

async function rate(shareId: number, userId: number, score: number, hidden = 0) {
  await t.app.db
    .insertInto('share_ratings')
    .values({ share_id: shareId, user_id: userId, score, body: null, hidden, created_at: AT, updated_at: AT })
    .execute();
}

/** Counters as the service kept them before the fix: every visible rating counted, the author's too. */
async function setCounters(shareId: number, sum: number, count: number) {
  await t.app.db
    .updateTable('shares')
    .set({ rating_sum: sum, rating_count: count, rating_avg: Math.round((sum / count) * 100) / 100, hot_score: 7 })
    .where('id', '=', shareId)
    .execute();
}

const counters = (shareId: number) =>
  t.app.db
    .selectFrom('shares')
    .select(['rating_sum', 'rating_count', 'rating_avg', 'hot_score', 'likes_count', 'uses_count', 'views_count'])
    .select('created_at')
    .where('id', '=', shareId)
    .executeTakeFirstOrThrow();

describe('the migration removing self-ratings', () => {
  it("removes authors' ratings of their own templates and recounts those templates' counters", async () => {
    const author = await createUser(t.app);
    const [reader, other, hiddenRater] = [await createUser(t.app), await createUser(t.app), await createUser(t.app)];
    const selfRated = await insertBareTemplate(t.app, { authorId: author.id, title: 'Self-rated', createdAt: AT });
    const untouched = await insertBareTemplate(t.app, { authorId: other.id, title: 'Untouched', createdAt: AT });
    // 4.50 → 4.67 in the issue: the author's 5 lifted the public average.
    await rate(selfRated, author.id, 5);
    await rate(selfRated, reader.id, 5);
    await rate(selfRated, other.id, 4);
    await rate(selfRated, hiddenRater.id, 1, 1);
    await setCounters(selfRated, 14, 3);
    // The author rates someone else's template: that rating stays.
    await rate(untouched, author.id, 3);
    await setCounters(untouched, 3, 1);

    await up(t.app.db as unknown as Kysely<unknown>);

    const left = await t.app.db
      .selectFrom('share_ratings')
      .select(['share_id', 'user_id'])
      .where('share_id', 'in', [selfRated, untouched])
      .orderBy('id')
      .execute();
    expect(left).toEqual([
      { share_id: selfRated, user_id: reader.id },
      { share_id: selfRated, user_id: other.id },
      { share_id: selfRated, user_id: hiddenRater.id },
      { share_id: untouched, user_id: author.id },
    ]);
    const recounted = await counters(selfRated);
    expect(recounted).toMatchObject({ rating_sum: 9, rating_count: 2, rating_avg: 4.5 });
    expect(recounted.hot_score).toBeCloseTo(hotScore({ ...recounted, rating_avg: 4.5 }), 9);
    expect(await counters(untouched)).toMatchObject({ rating_sum: 3, rating_count: 1, rating_avg: 3, hot_score: 7 });

    const shown = await t.app.inject({ method: 'GET', url: `/api/community/trees-shared/${selfRated}/` });
    expect(shown.json()).toMatchObject({ rating_avg: 4.5, rating_count: 2 });
    const mine = await t.app.inject({
      method: 'GET',
      url: `/api/community/trees-shared/${selfRated}/`,
      headers: author.headers,
    });
    expect(mine.json().my_rating).toBeNull();
  });
});
