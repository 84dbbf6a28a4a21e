import type { Executor } from '../../db/connection.ts';

// The reviews module's own table: who found which review helpful. The reviews themselves are rating
// rows of the shares module (`share_ratings`), reached through its surface.

/** Records a helpful vote; false when the user had already voted. */
export async function insertHelpfulVote(trx: Executor, reviewId: number, userId: number, now: string) {
  const rows = await trx
    .insertInto('review_helpful_votes')
    .values({ review_id: reviewId, user_id: userId, created_at: now })
    .onConflict((oc) => oc.columns(['review_id', 'user_id']).doNothing())
    .returning('review_id')
    .execute();
  return rows.length > 0;
}

/** Takes a helpful vote back; false when there was none. */
export async function deleteHelpfulVote(trx: Executor, reviewId: number, userId: number) {
  const rows = await trx
    .deleteFrom('review_helpful_votes')
    .where('review_id', '=', reviewId)
    .where('user_id', '=', userId)
    .returning('review_id')
    .execute();
  return rows.length > 0;
}

/** Which of these reviews the user marked helpful. */
export async function helpfulVotesOf(db: Executor, userId: number, reviewIds: number[]): Promise<Set<number>> {
  if (reviewIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('review_helpful_votes')
    .select('review_id')
    .where('user_id', '=', userId)
    .where('review_id', 'in', reviewIds)
    .execute();
  return new Set(rows.map((row) => row.review_id));
}

/** The reviews a user voted helpful. */
export async function reviewsVotedBy(db: Executor, userId: number): Promise<number[]> {
  const rows = await db.selectFrom('review_helpful_votes').select('review_id').where('user_id', '=', userId).execute();
  return rows.map((row) => row.review_id);
}
