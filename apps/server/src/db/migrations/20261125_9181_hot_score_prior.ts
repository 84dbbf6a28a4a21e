import type { Kysely } from 'kysely';

/**
 * Recomputes `shares.hot_score` for the formula with an engagement prior and a one-day half-life
 * (issue #18; modules/community/community.hot.ts). The formulas are copied here as they were when
 * this migration landed, so the migration keeps meaning the same thing when the live one changes.
 */
interface ShareCounters {
  id: number;
  likes_count: number;
  uses_count: number;
  rating_count: number;
  rating_avg: number;
  views_count: number;
  created_at: string;
  hot_score: number;
}

type Db = Kysely<{ shares: ShareCounters }>;

const engagementOf = (s: ShareCounters) =>
  3 * s.likes_count + 4 * s.uses_count + 2 * s.rating_count * (s.rating_avg / 5) + 0.1 * s.views_count;

const withPrior = (s: ShareCounters) =>
  Math.log10(engagementOf(s) + 0.01) + (Math.log10(2) * Date.parse(s.created_at)) / 1000 / 86_400;

const before = (s: ShareCounters) => Math.log10(1 + engagementOf(s)) + Date.parse(s.created_at) / 1000 / 45_000;

async function rescore(db: Db, score: (s: ShareCounters) => number): Promise<void> {
  const BATCH = 500;
  let after = 0;
  for (;;) {
    const rows = await db
      .selectFrom('shares')
      .select(['id', 'likes_count', 'uses_count', 'rating_count', 'rating_avg', 'views_count', 'created_at'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(BATCH)
      .execute();
    for (const row of rows) {
      await db
        .updateTable('shares')
        .set({ hot_score: score(row as ShareCounters) })
        .where('id', '=', row.id)
        .execute();
    }
    if (rows.length < BATCH) return;
    after = rows[rows.length - 1]!.id;
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await rescore(db as unknown as Db, withPrior);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await rescore(db as unknown as Db, before);
}
