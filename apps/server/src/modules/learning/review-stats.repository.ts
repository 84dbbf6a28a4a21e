import type { Executor } from '../../db/connection.ts';
import type { SubjectKey } from './learning.repository.ts';

/** What the statistics read of one explicit review. */
export interface StatsLogRow {
  reviewed_at: string;
  rating: number;
  state: string;
  elapsed_days: number;
  duration_ms: number | null;
}

/**
 * A learner's explicit reviews from `since` (inclusive), of one subject's cards or of all: the
 * learner's range of the recent-reviews index. Implicit credit logs are not reviews.
 */
export async function findExplicitLogsSince(
  db: Executor,
  userId: number,
  since: string,
  subject?: SubjectKey,
): Promise<StatsLogRow[]> {
  const rows = await db
    .selectFrom('learning_review_logs as l')
    .select(['l.reviewed_at', 'l.rating', 'l.state', 'l.elapsed_days', 'l.duration_ms'])
    .where('l.user_id', '=', userId)
    .where('l.kind', '=', 'explicit')
    .where('l.reviewed_at', '>=', since)
    .$if(subject !== undefined, (q) =>
      q
        .innerJoin('learning_cards as c', 'c.id', 'l.card_id')
        .where('c.subject_kind', '=', subject!.kind)
        .where('c.subject_id', '=', subject!.subjectId),
    )
    .execute();
  return rows as StatsLogRow[];
}
