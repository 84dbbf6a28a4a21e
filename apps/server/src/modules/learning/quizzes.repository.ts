import type { Insertable } from 'kysely';
import type { Executor } from '../../db/connection.ts';
import type { LearningQuizzesTable } from '../../db/tables/learning.ts';
import type { SubjectKey } from './learning.repository.ts';

export const insertQuiz = (db: Executor, values: Insertable<LearningQuizzesTable>) =>
  db.insertInto('learning_quizzes').values(values).execute();

/** A learner's own quiz by uuid (another learner's is not found). */
export const findOwnQuiz = (db: Executor, userId: number, uuid: string) =>
  db
    .selectFrom('learning_quizzes')
    .selectAll()
    .where('uuid', '=', uuid)
    .where('user_id', '=', userId)
    .executeTakeFirst();

/**
 * Marks a quiz submitted unless it already is, in one statement: of concurrent submits exactly one
 * sees `true`.
 */
export async function markQuizSubmitted(db: Executor, id: number, now: string): Promise<boolean> {
  const result = await db
    .updateTable('learning_quizzes')
    .set({ submitted_at: now })
    .where('id', '=', id)
    .where('submitted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Raises a node's mastery to at least `mastery` (never lowers it), keeping its status; a node without
 * a row gets a `todo` row that exists only to keep the mastery. Answers the mastery now stored.
 */
export async function raiseMastery(
  db: Executor,
  key: SubjectKey,
  nodeId: string,
  mastery: number,
  now: string,
): Promise<number> {
  await db
    .insertInto('learning_progress')
    .values({
      user_id: key.userId,
      subject_kind: key.kind,
      subject_id: key.subjectId,
      node_id: nodeId,
      status: 'todo',
      mastery,
      updated_at: now,
    })
    .onConflict((oc) =>
      oc
        .columns(['user_id', 'subject_kind', 'subject_id', 'node_id'])
        .doUpdateSet({ mastery, updated_at: now })
        .where('learning_progress.mastery', '<', mastery),
    )
    .execute();
  const row = await db
    .selectFrom('learning_progress')
    .select('mastery')
    .where('user_id', '=', key.userId)
    .where('subject_kind', '=', key.kind)
    .where('subject_id', '=', key.subjectId)
    .where('node_id', '=', nodeId)
    .executeTakeFirst();
  return row?.mastery ?? mastery;
}
