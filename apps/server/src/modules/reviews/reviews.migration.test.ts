// The reviews migration rebuilds `share_ratings` with an id: ratings given before it keep their
// scores and dates, become addressable rows without a text, and work with reviews afterwards.
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { down, up } from '../../db/migrations/20261126_1001_reviews.ts';
import * as moderation from '../../db/migrations/20261126_1101_moderation.ts';
import * as visibleOrderings from '../../db/migrations/20261126_1901_visible_share_orderings.ts';
import { createTestApp, createUser, type TestApp } from '../../testing/test-app.ts';
import { insertBareTemplate } from '../shares/testing.ts';

let t: TestApp;
afterAll(async () => t?.close());
beforeAll(async () => {
  t = await createTestApp();
});

describe('the reviews migration', () => {
  it('keeps the ratings given before it, as rows without a text that reviews then share', async () => {
    const author = await createUser(t.app);
    const raters = [await createUser(t.app), await createUser(t.app)];
    const share = await insertBareTemplate(t.app, {
      authorId: author.id,
      title: 'Rated before reviews',
      createdAt: '2026-01-01T00:00:00.000Z',
    });
    const db = t.app.db as unknown as Kysely<unknown>;
    // The later moderation migration adds a column to the rebuilt table, and a later one indexes it: both
    // are undone first and redone after.
    await visibleOrderings.down(db);
    await moderation.down(db);
    await down(db);
    for (const [i, rater] of raters.entries()) {
      const at = `2026-01-0${i + 2}T00:00:00.000Z`;
      await sql`INSERT INTO share_ratings (share_id, user_id, score, created_at, updated_at)
        VALUES (${share}, ${rater.id}, ${i + 2}, ${at}, ${at})`.execute(db);
    }
    await up(db);
    await moderation.up(db);
    await visibleOrderings.up(db);

    const rows = await t.app.db
      .selectFrom('share_ratings')
      .selectAll()
      .where('share_id', '=', share)
      .orderBy('id')
      .execute();
    expect(
      rows.map(({ user_id, score, body, helpful_count, reply_body, created_at }) => ({
        user_id,
        score,
        body,
        helpful_count,
        reply_body,
        created_at,
      })),
    ).toEqual([
      {
        user_id: raters[0]!.id,
        score: 2,
        body: null,
        helpful_count: 0,
        reply_body: null,
        created_at: '2026-01-02T00:00:00.000Z',
      },
      {
        user_id: raters[1]!.id,
        score: 3,
        body: null,
        helpful_count: 0,
        reply_body: null,
        created_at: '2026-01-03T00:00:00.000Z',
      },
    ]);
    expect(rows[0]!.id).toBeLessThan(rows[1]!.id);

    // The first rater writes a review: the same row, the rating still counted once.
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/community/trees-shared/${share}/reviews/`,
      headers: raters[0]!.headers,
      payload: { rating: 4, body: 'Written after the migration' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().id).toBe(rows[0]!.id);
    const rated = await t.app.inject({
      method: 'POST',
      url: `/api/community/trees-shared/${share}/rate/`,
      headers: raters[1]!.headers,
      payload: { score: 5 },
    });
    expect(rated.json()).toMatchObject({ my_rating: 5 });
    const count = await t.app.db
      .selectFrom('share_ratings')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('share_id', '=', share)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(2);
  });
});
