import { inBatches } from '../../db/batches.ts';
import type { Executor } from '../../db/connection.ts';
import type { CardRow, ReviewLogRow } from './cards.repository.ts';
import type { SubjectKey } from './learning.repository.ts';

/** Review logs with 20 columns: 200 a statement keeps 4,000 parameters (`db/batches.ts`). */
const LOGS_PER_STATEMENT = 200;

/** Inserts many review logs (an imported history) in multi-row statements. */
export async function insertLogs(db: Executor, rows: readonly Omit<ReviewLogRow, 'id'>[]): Promise<void> {
  for (const batch of inBatches(rows, LOGS_PER_STATEMENT))
    await db.insertInto('learning_review_logs').values(batch).execute();
}

/** Every card a learner has on one subject, oldest first. */
export async function findSubjectCards(db: Executor, key: SubjectKey): Promise<CardRow[]> {
  const rows = await db
    .selectFrom('learning_cards')
    .selectAll()
    .where('user_id', '=', key.userId)
    .where('subject_kind', '=', key.kind)
    .where('subject_id', '=', key.subjectId)
    .orderBy('id')
    .execute();
  return rows as unknown as CardRow[];
}

/** What the Anki export writes of a review log. */
export type ExportedLogRow = Pick<
  ReviewLogRow,
  'card_id' | 'rating' | 'state' | 'scheduled_days' | 'last_elapsed_days' | 'reviewed_at' | 'duration_ms'
>;

/**
 * The explicit review logs of some cards (the caller's own, read by `findSubjectCards`), by card and
 * oldest first, with only the columns the export writes. The card ids are the statement's only
 * condition, which the `(card_id, id)` index answers (implicit logs are left out here): with a
 * learner or kind condition beside them PostgreSQL, before it has statistics of tables an import has
 * just filled, walks the learner's whole history once a batch.
 */
export async function findExplicitLogsOfCards(db: Executor, cardIds: readonly number[]): Promise<ExportedLogRow[]> {
  const found: ExportedLogRow[] = [];
  for (const batch of inBatches(cardIds)) {
    const rows = await db
      .selectFrom('learning_review_logs')
      .select([
        'card_id',
        'rating',
        'state',
        'scheduled_days',
        'last_elapsed_days',
        'reviewed_at',
        'duration_ms',
        'kind',
      ])
      .where('card_id', 'in', batch)
      .orderBy('card_id')
      .orderBy('id')
      .execute();
    for (const { kind, ...row } of rows as unknown as (ExportedLogRow & Pick<ReviewLogRow, 'kind'>)[])
      if (kind === 'explicit') found.push(row);
  }
  return found;
}
