import type { Insertable, Selectable } from 'kysely';
import { inBatches } from '../../db/batches.ts';
import type { Executor } from '../../db/connection.ts';
import type { LearnerSettingsTable } from '../../db/tables/learning.ts';

export type LearnerSettingsRow = Selectable<LearnerSettingsTable>;
type SettingsValues = Omit<Insertable<LearnerSettingsTable>, 'user_id'>;

/** A learner's stored settings, if they have any. */
export function findSettingsRow(db: Executor, userId: number): Promise<LearnerSettingsRow | undefined> {
  return db.selectFrom('learner_settings').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

/** Several learners' stored settings (those who have some). */
export async function findSettingsRows(db: Executor, userIds: readonly number[]): Promise<LearnerSettingsRow[]> {
  const rows: LearnerSettingsRow[] = [];
  for (const batch of inBatches(userIds)) {
    rows.push(...(await db.selectFrom('learner_settings').selectAll().where('user_id', 'in', batch).execute()));
  }
  return rows;
}

/** Whether a learner has stored settings. */
export async function hasSettings(db: Executor, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('learner_settings')
    .select('user_id')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Stores a learner's first settings; settings already there (a concurrent first request's) stay. */
export async function insertSettingsIfAbsent(db: Executor, userId: number, values: SettingsValues): Promise<void> {
  await db
    .insertInto('learner_settings')
    .values({ user_id: userId, ...values })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
}

/** Stores a learner's settings, replacing what was there. */
export async function upsertSettings(db: Executor, userId: number, values: SettingsValues): Promise<void> {
  await db
    .insertInto('learner_settings')
    .values({ user_id: userId, ...values })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
    .execute();
}
