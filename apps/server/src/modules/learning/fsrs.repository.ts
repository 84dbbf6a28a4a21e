import { inBatches } from '../../db/batches.ts';
import type { Selectable } from 'kysely';
import type { Executor } from '../../db/connection.ts';
import type { LearnerFsrsTable } from '../../db/tables/learning.ts';
import type { OptimizerLog } from './fsrs-optimizer.ts';

export type LearnerFsrsRow = Selectable<LearnerFsrsTable>;

/** A learner's personal FSRS row, if the optimiser ever ran or was claimed for them. */
export function findFsrsRow(db: Executor, userId: number): Promise<LearnerFsrsRow | undefined> {
  return db.selectFrom('learner_fsrs').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

/** Several learners' personal parameters (those who have a row). */
export async function findFsrsRows(db: Executor, userIds: readonly number[]): Promise<LearnerFsrsRow[]> {
  const rows: LearnerFsrsRow[] = [];
  for (const batch of inBatches(userIds)) {
    rows.push(...(await db.selectFrom('learner_fsrs').selectAll().where('user_id', 'in', batch).execute()));
  }
  return rows;
}

/** The learner's explicit review logs: implicit reviews never count (API.md "Implicit credit"), here nor in the optimiser. */
const explicitLogsOf = (db: Executor, userId: number) =>
  db.selectFrom('learning_review_logs').where('user_id', '=', userId).where('kind', '=', 'explicit');

/** How many explicit reviews the learner has (since `since`, when given). */
export async function countExplicitReviews(db: Executor, userId: number, since: string | null = null): Promise<number> {
  let query = explicitLogsOf(db, userId).select((eb) => eb.fn.countAll<number>().as('n'));
  if (since !== null) query = query.where('reviewed_at', '>=', since);
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Every explicit review of the learner as the optimiser reads it, by card then time. */
export function explicitLogs(db: Executor, userId: number): Promise<OptimizerLog[]> {
  return explicitLogsOf(db, userId)
    .select(['card_id', 'rating', 'state', 'reviewed_at'])
    .orderBy('card_id')
    .orderBy('reviewed_at')
    .orderBy('id')
    .execute();
}

export type FsrsFigures = Omit<LearnerFsrsRow, 'user_id' | 'auto_claimed_at'>;

/** Stores the optimiser's try (and the parameters, adopted or kept). */
export async function saveFsrsFigures(db: Executor, userId: number, figures: FsrsFigures): Promise<void> {
  await db
    .insertInto('learner_fsrs')
    .values({ user_id: userId, ...figures })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(figures))
    .execute();
}

/**
 * Claims the learner's automatic optimisation unless one was claimed at or after `notBefore`: a
 * conditional update of their row, so that of two processes claiming at once exactly one wins.
 */
export async function claimAutoOptimization(
  db: Executor,
  userId: number,
  now: string,
  notBefore: string,
): Promise<boolean> {
  await db
    .insertInto('learner_fsrs')
    .values({ user_id: userId, parameters: null, trained_at: null, auto_claimed_at: null })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
  const result = await db
    .updateTable('learner_fsrs')
    .set({ auto_claimed_at: now })
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('auto_claimed_at', 'is', null), eb('auto_claimed_at', '<', notBefore)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
