import type { Kysely } from 'kysely';

/**
 * A template's author no longer rates it (issue 28: the stars moved its public average): removes
 * the ratings authors gave their own templates and recounts those templates' rating counters from
 * the ratings left (a hidden rating is out of the counters), with the average and the `-hot` score
 * that follow. The formulas are copied from modules/community/community.hot.ts as they were when
 * this migration landed, so it keeps meaning the same thing when the live ones change.
 */
interface Tables {
  shares: {
    id: number;
    author_id: number;
    likes_count: number;
    uses_count: number;
    rating_sum: number;
    rating_count: number;
    rating_avg: number;
    views_count: number;
    hot_score: number;
    created_at: string;
  };
  share_ratings: { id: number; share_id: number; user_id: number; score: number; hidden: number };
  review_helpful_votes: { review_id: number };
}

type Share = Tables['shares'];

const average = (sum: number, count: number) => (count === 0 ? 0 : Math.round((sum / count) * 100) / 100);

const hotScore = (s: Share) =>
  Math.log10(
    3 * s.likes_count + 4 * s.uses_count + 2 * s.rating_count * (s.rating_avg / 5) + 0.1 * s.views_count + 0.01,
  ) +
  (Math.log10(2) * Date.parse(s.created_at)) / 1000 / 86_400;

export async function up(untyped: Kysely<unknown>): Promise<void> {
  const db = untyped as unknown as Kysely<Tables>;
  // All or nothing: the migrator runs this inside a transaction where the dialect allows one.
  const atomically = (work: (trx: Kysely<Tables>) => Promise<void>) =>
    db.isTransaction ? work(db) : db.transaction().execute(work);
  await atomically(async (trx) => {
    const selfRatings = await trx
      .selectFrom('share_ratings')
      .innerJoin('shares', 'shares.id', 'share_ratings.share_id')
      .whereRef('share_ratings.user_id', '=', 'shares.author_id')
      .select(['share_ratings.id', 'share_ratings.share_id'])
      .execute();
    if (selfRatings.length === 0) return;
    const ids = selfRatings.map((r) => r.id);
    await trx.deleteFrom('review_helpful_votes').where('review_id', 'in', ids).execute();
    await trx.deleteFrom('share_ratings').where('id', 'in', ids).execute();
    for (const shareId of new Set(selfRatings.map((r) => r.share_id))) {
      const counted = await trx
        .selectFrom('share_ratings')
        .where('share_id', '=', shareId)
        .where('hidden', '=', 0)
        .select((eb) => [
          eb.fn.countAll<number | string>().as('n'),
          eb.fn.sum<number | string | null>('score').as('sum'),
        ])
        .executeTakeFirstOrThrow();
      const share = await trx.selectFrom('shares').selectAll().where('id', '=', shareId).executeTakeFirstOrThrow();
      const recounted: Share = {
        ...share,
        rating_sum: Number(counted.sum ?? 0),
        rating_count: Number(counted.n),
        rating_avg: average(Number(counted.sum ?? 0), Number(counted.n)),
      };
      await trx
        .updateTable('shares')
        .set({
          rating_sum: recounted.rating_sum,
          rating_count: recounted.rating_count,
          rating_avg: recounted.rating_avg,
          hot_score: hotScore(recounted),
        })
        .where('id', '=', shareId)
        .execute();
    }
  });
}

/** The removed ratings are not brought back. */
export async function down(): Promise<void> {}
