import type { LearningStatusValue, SubjectKind } from '@arbor/contract';
import { sql } from 'kysely';
import { inBatches } from '../../db/batches.ts';
import type { Executor } from '../../db/connection.ts';

/** One subject as several learners learn it (a group's assignment): by kind and row id. */
export interface CohortSubject {
  kind: SubjectKind;
  subjectId: number;
}

/** Rows of one kind of subject, several ids (a template and members' forks of it). */
export interface CohortSubjects {
  kind: SubjectKind;
  subjectIds: readonly number[];
}

export interface CohortProgressRow {
  subject_id: number;
  user_id: number;
  node_id: string;
  status: LearningStatusValue;
  /** when a `learning` row was last written; null for the other statuses */
  learning_since: string | null;
}

/**
 * The progress rows of these learners on one subject that are not `todo` (statuses only: never notes
 * nor cards' text). `todo` is what a node without a row reads as, so those rows are left in the table.
 */
export async function findCohortProgress(
  db: Executor,
  subjects: CohortSubjects,
  userIds: readonly number[],
): Promise<CohortProgressRow[]> {
  const rows: CohortProgressRow[] = [];
  for (const batch of inBatches(userIds)) {
    const found = await db
      .selectFrom('learning_progress')
      .select(['subject_id', 'user_id', 'node_id', 'status'])
      // Only a `learning` row's date is read (the "stuck" filter): 36,000 rows need not bring theirs.
      .select(sql<string | null>`case when status = 'learning' then updated_at end`.as('learning_since'))
      .where('subject_kind', '=', subjects.kind)
      .where('subject_id', 'in', subjects.subjectIds)
      .where('user_id', 'in', batch)
      .where('status', '!=', 'todo')
      .execute();
    rows.push(...(found as CohortProgressRow[]));
  }
  return rows;
}

/** When each of these learners last worked on the subjects (no row: never). */
export async function findCohortActivity(
  db: Executor,
  subjects: CohortSubjects,
  userIds: readonly number[],
): Promise<Array<{ subject_id: number; user_id: number; last_activity_at: string }>> {
  const activity: Array<{ subject_id: number; user_id: number; last_activity_at: string }> = [];
  for (const batch of inBatches(userIds)) {
    const rows = await db
      .selectFrom('learning_subjects')
      .select(['subject_id', 'user_id', 'last_activity_at'])
      .where('subject_kind', '=', subjects.kind)
      .where('subject_id', 'in', subjects.subjectIds)
      .where('user_id', 'in', batch)
      .execute();
    activity.push(...rows);
  }
  return activity;
}
