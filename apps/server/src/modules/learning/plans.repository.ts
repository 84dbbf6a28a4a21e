import type { Selectable } from 'kysely';
import type { Executor } from '../../db/connection.ts';
import type { LearningPlansTable } from '../../db/tables/learning.ts';
import type { SubjectKey } from './learning.repository.ts';

export type PlanRow = Selectable<LearningPlansTable>;

/** A learner's plans, oldest first (`activeOnly` for the calendar feed). */
export const findPlans = (db: Executor, userId: number, activeOnly = false) =>
  db
    .selectFrom('learning_plans')
    .selectAll()
    .where('user_id', '=', userId)
    .$if(activeOnly, (q) => q.where('active', '=', 1))
    .orderBy('id')
    .execute();

/** Writes the learner's one plan of a subject, replacing the one there was (its id stays). */
export async function upsertPlan(
  db: Executor,
  key: SubjectKey,
  values: { target: string | null; start_date: string; active: number },
  now: string,
): Promise<PlanRow> {
  return db
    .insertInto('learning_plans')
    .values({
      user_id: key.userId,
      subject_kind: key.kind,
      subject_id: key.subjectId,
      ...values,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) =>
      oc.columns(['user_id', 'subject_kind', 'subject_id']).doUpdateSet({ ...values, updated_at: now }),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Deletes a learner's own plan; false when there is none with that id. */
export async function deleteOwnPlan(db: Executor, userId: number, id: number): Promise<boolean> {
  const result = await db
    .deleteFrom('learning_plans')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export const findFeedToken = async (db: Executor, userId: number) =>
  (await db.selectFrom('learning_calendar_feeds').select('token').where('user_id', '=', userId).executeTakeFirst())
    ?.token;

/** Sets the learner's feed token: only when there is none (`replace: false`), or always (a rotation). */
export async function writeFeedToken(
  db: Executor,
  userId: number,
  token: string,
  now: string,
  replace: boolean,
): Promise<void> {
  await db
    .insertInto('learning_calendar_feeds')
    .values({ user_id: userId, token, created_at: now })
    .onConflict((oc) =>
      replace ? oc.column('user_id').doUpdateSet({ token, created_at: now }) : oc.column('user_id').doNothing(),
    )
    .execute();
}

/** The language a learner chose (their profile's), or undefined without a profile. */
export const findLearnerLocale = async (db: Executor, userId: number) =>
  (await db.selectFrom('profiles').select('locale').where('user_id', '=', userId).executeTakeFirst())?.locale;

/** The owner of a feed token, when their account is active. */
export const findFeedOwner = async (db: Executor, token: string) =>
  (
    await db
      .selectFrom('learning_calendar_feeds')
      .innerJoin('users', 'users.id', 'learning_calendar_feeds.user_id')
      .select('learning_calendar_feeds.user_id')
      .where('learning_calendar_feeds.token', '=', token)
      .where('users.is_active', '=', 1)
      .executeTakeFirst()
  )?.user_id;

/** Ends a learner's feed address (a new one is made when they ask for it again). */
export async function deleteFeedToken(db: Executor, userId: number): Promise<void> {
  await db.deleteFrom('learning_calendar_feeds').where('user_id', '=', userId).execute();
}

/** The tables a learner's calendar feed is made of. */
export type FeedSourceTable =
  'learning_plans' | 'learning_progress' | 'learning_cards' | 'learner_settings' | 'profiles';

/** When a learner's rows of `table` last changed, or null without rows. */
export async function lastUpdateIn(db: Executor, table: FeedSourceTable, userId: number): Promise<string | null> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.max('updated_at').as('at'))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return (row?.at as string | null | undefined) ?? null;
}
