import type { LearningStatusValue, SubjectKind } from '@arbor/contract';
import { sql } from 'kysely';
import { inBatches } from '../../db/batches.ts';
import type { Executor } from '../../db/connection.ts';

/** A learner's subject: whose rows, which tree or template. */
export interface SubjectKey {
  userId: number;
  kind: SubjectKind;
  subjectId: number;
}

export interface ProgressRow {
  node_id: string;
  status: LearningStatusValue;
  mastery: number;
  updated_at: string;
}

const ofSubject = (key: SubjectKey) =>
  [
    ['user_id', '=', key.userId],
    ['subject_kind', '=', key.kind],
    ['subject_id', '=', key.subjectId],
  ] as const;

/** Every progress row of a learner's subject, removed nodes included. */
export async function findProgress(db: Executor, key: SubjectKey): Promise<ProgressRow[]> {
  const [a, b, c] = ofSubject(key);
  return db
    .selectFrom('learning_progress')
    .select(['node_id', 'status', 'mastery', 'updated_at'])
    .where(...a)
    .where(...b)
    .where(...c)
    .execute();
}

/** Which of `nodeIds` have `status` in a learner's subject. */
export async function nodesWithStatus(
  db: Executor,
  key: SubjectKey,
  nodeIds: readonly string[],
  status: LearningStatusValue,
): Promise<Set<string>> {
  const [a, b, c] = ofSubject(key);
  const found = new Set<string>();
  for (const batch of inBatches(nodeIds)) {
    const rows = await db
      .selectFrom('learning_progress')
      .select('node_id')
      .where(...a)
      .where(...b)
      .where(...c)
      .where('node_id', 'in', batch)
      .where('status', '=', status)
      .execute();
    for (const row of rows) found.add(row.node_id);
  }
  return found;
}

/** A status change as written: the node and its new status. */
export type StatusChange = readonly [nodeId: string, status: LearningStatusValue];

/**
 * Sets nodes' statuses (`todo` deletes a row without mastery); mastery is kept. Answers the changes
 * that took effect (a node already at its status is not one). A node given twice keeps its last
 * status. Written in multi-row statements of `ROWS_PER_STATEMENT` (`db/batches.ts`): the database
 * decides per row whether it changes, so concurrent changes cannot interleave between a read and a
 * write, and 5,000 nodes cost ten statements, not 5,000 round trips.
 */
export async function writeStatuses(
  db: Executor,
  key: SubjectKey,
  changes: readonly StatusChange[],
  now: string,
): Promise<StatusChange[]> {
  const last = new Map<string, LearningStatusValue>();
  for (const [nodeId, status] of changes) last.set(nodeId, status);
  const cleared: string[] = [];
  const set: StatusChange[] = [];
  for (const [nodeId, status] of last) {
    if (status === 'todo') cleared.push(nodeId);
    else set.push([nodeId, status]);
  }
  const written: StatusChange[] = [];
  for (const batch of inBatches(cleared)) {
    for (const nodeId of await clearStatuses(db, key, batch, now)) written.push([nodeId, 'todo']);
  }
  for (const batch of inBatches(set)) written.push(...(await upsertStatuses(db, key, batch, now)));
  return written;
}

/** Back to `todo`: a row with mastery keeps what a quiz earned (mastery never goes down), one without goes. */
async function clearStatuses(db: Executor, key: SubjectKey, nodeIds: string[], now: string): Promise<string[]> {
  const [a, b, c] = ofSubject(key);
  const deleted = await db
    .deleteFrom('learning_progress')
    .where(...a)
    .where(...b)
    .where(...c)
    .where('node_id', 'in', nodeIds)
    .where('mastery', '=', 0)
    .where('status', '<>', 'todo')
    .returning('node_id')
    .execute();
  const updated = await db
    .updateTable('learning_progress')
    .set({ status: 'todo', updated_at: now })
    .where(...a)
    .where(...b)
    .where(...c)
    .where('node_id', 'in', nodeIds)
    .where('status', '<>', 'todo')
    .returning('node_id')
    .execute();
  return [...deleted, ...updated].map((row) => row.node_id);
}

async function upsertStatuses(db: Executor, key: SubjectKey, changes: StatusChange[], now: string) {
  const rows = await db
    .insertInto('learning_progress')
    .values(
      changes.map(([nodeId, status]) => ({
        user_id: key.userId,
        subject_kind: key.kind,
        subject_id: key.subjectId,
        node_id: nodeId,
        status,
        mastery: 0,
        updated_at: now,
      })),
    )
    .onConflict((oc) =>
      oc
        .columns(['user_id', 'subject_kind', 'subject_id', 'node_id'])
        .doUpdateSet((eb) => ({ status: eb.ref('excluded.status'), updated_at: eb.ref('excluded.updated_at') }))
        .where(sql<boolean>`learning_progress.status <> excluded.status`),
    )
    .returning(['node_id', 'status'])
    .execute();
  return rows.map((row): StatusChange => [row.node_id, row.status as LearningStatusValue]);
}

export interface NoteRow {
  node_id: string;
  content: string;
  updated_at: string;
}

/** The select of a learner's notes on one subject. */
function notesOfSubject(db: Executor, key: SubjectKey) {
  const [a, b, c] = ofSubject(key);
  return db
    .selectFrom('learning_notes')
    .select(['node_id', 'content', 'updated_at'])
    .where(...a)
    .where(...b)
    .where(...c);
}

/** A learner's notes on one subject, in node order of their writing. */
export async function findNotes(db: Executor, key: SubjectKey): Promise<NoteRow[]> {
  return notesOfSubject(db, key).orderBy('node_id').execute();
}

/** A learner's note on one node of a subject, or undefined. */
export async function findNote(db: Executor, key: SubjectKey, nodeId: string): Promise<NoteRow | undefined> {
  return notesOfSubject(db, key).where('node_id', '=', nodeId).executeTakeFirst();
}

/** Writes (or, for empty content, deletes) a learner's note on a node. */
export async function writeNote(db: Executor, key: SubjectKey, nodeId: string, content: string, now: string) {
  const [a, b, c] = ofSubject(key);
  const existing = await db
    .selectFrom('learning_notes')
    .select('id')
    .where(...a)
    .where(...b)
    .where(...c)
    .where('node_id', '=', nodeId)
    .executeTakeFirst();
  if (content === '') {
    if (existing) await db.deleteFrom('learning_notes').where('id', '=', existing.id).execute();
    return;
  }
  const search_text = content.toLowerCase();
  if (existing) {
    await db
      .updateTable('learning_notes')
      .set({ content, search_text, updated_at: now })
      .where('id', '=', existing.id)
      .execute();
    return;
  }
  await db
    .insertInto('learning_notes')
    .values({
      user_id: key.userId,
      subject_kind: key.kind,
      subject_id: key.subjectId,
      node_id: nodeId,
      content,
      search_text,
      created_at: now,
      updated_at: now,
    })
    .execute();
}

export interface NoteHitRow {
  subject_kind: SubjectKind;
  subject_id: number;
  node_id: string;
  content: string;
  updated_at: string;
}

/** A LIKE pattern (with `escape '\\'`) for text containing `needle` anywhere. */
export const containing = (needle: string) => `%${needle.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

/** Notes of a learner containing `needle` (already lower-cased), newest first. */
export async function searchNotes(db: Executor, userId: number, needle: string, limit: number) {
  const pattern = containing(needle);
  return db
    .selectFrom('learning_notes')
    .select(['subject_kind', 'subject_id', 'node_id', 'content', 'updated_at'])
    .where('user_id', '=', userId)
    .where(sql<boolean>`search_text like ${pattern} escape '\\'`)
    .orderBy('updated_at', 'desc')
    .limit(limit)
    .execute() as Promise<NoteHitRow[]>;
}

/** Records activity on a subject: creates the learner's subject row or moves it to the top. */
export async function touchSubject(db: Executor, key: SubjectKey, now: string): Promise<void> {
  const [a, b, c] = ofSubject(key);
  const updated = await db
    .updateTable('learning_subjects')
    .set({ last_activity_at: now })
    .where(...a)
    .where(...b)
    .where(...c)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) > 0) return;
  await db
    .insertInto('learning_subjects')
    .values({
      user_id: key.userId,
      subject_kind: key.kind,
      subject_id: key.subjectId,
      created_at: now,
      last_activity_at: now,
    })
    .onConflict((oc) => oc.columns(['user_id', 'subject_kind', 'subject_id']).doUpdateSet({ last_activity_at: now }))
    .execute();
}

/** Whether a learner follows a subject (has its row on `/learn`). */
export async function isLearnedSubject(db: Executor, key: SubjectKey): Promise<boolean> {
  const [a, b, c] = ofSubject(key);
  const row = await db
    .selectFrom('learning_subjects')
    .select('id')
    .where(...a)
    .where(...b)
    .where(...c)
    .executeTakeFirst();
  return row !== undefined;
}

export interface SubjectRow {
  subject_kind: SubjectKind;
  subject_id: number;
  last_activity_at: string;
}

/** Every subject a learner follows, newest activity first (ids only: a learner follows a few dozen). */
export async function listSubjects(db: Executor, userId: number): Promise<SubjectRow[]> {
  const rows = await db
    .selectFrom('learning_subjects')
    .select(['subject_kind', 'subject_id', 'last_activity_at'])
    .where('user_id', '=', userId)
    .orderBy('last_activity_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows as SubjectRow[];
}

/** Every table holding a learner's rows of one subject (review logs go with their cards). */
const SUBJECT_TABLES = [
  'learning_progress',
  'learning_notes',
  'learning_cards',
  'learning_quizzes',
  'learning_plans',
  'learning_subjects',
] as const;

/** Forgets a learner's subject: its progress, notes, cards (with their logs), quizzes, plan and subject row. */
export async function deleteSubjectRows(db: Executor, key: SubjectKey): Promise<void> {
  const [a, b, c] = ofSubject(key);
  for (const table of SUBJECT_TABLES) {
    await db
      .deleteFrom(table)
      .where(...a)
      .where(...b)
      .where(...c)
      .execute();
  }
}

/** Removes every learner's rows of a tree or template that is gone. */
export async function deleteRowsOfSubject(db: Executor, kind: SubjectKind, subjectId: number): Promise<void> {
  for (const table of SUBJECT_TABLES) {
    await db.deleteFrom(table).where('subject_kind', '=', kind).where('subject_id', '=', subjectId).execute();
  }
}

/**
 * Moves a learner's rows of one subject onto another that has none yet (a fresh fork of a template):
 * progress, notes, cards (their review logs follow them by card id), quizzes, plan and the subject row
 * itself, so that nothing is left behind or duplicated. Answers whether anything moved.
 */
export async function moveSubjectRows(db: Executor, from: SubjectKey, to: SubjectKey): Promise<boolean> {
  const [a, b, c] = ofSubject(from);
  let moved = 0;
  for (const table of SUBJECT_TABLES) {
    const result = await db
      .updateTable(table)
      .set({ user_id: to.userId, subject_kind: to.kind, subject_id: to.subjectId })
      .where(...a)
      .where(...b)
      .where(...c)
      .executeTakeFirst();
    moved += Number(result.numUpdatedRows);
  }
  return moved > 0;
}

/** Adds to a learner's count of progress changes (or reviews) on a local day. */
export async function countActivity(
  db: Executor,
  userId: number,
  day: string,
  what: 'progress' | 'reviews',
  by: number,
): Promise<void> {
  await db
    .insertInto('learning_activity_days')
    .values({ user_id: userId, day, progress: what === 'progress' ? by : 0, reviews: what === 'reviews' ? by : 0 })
    .onConflict((oc) =>
      oc.columns(['user_id', 'day']).doUpdateSet((eb) => ({ [what]: eb(`learning_activity_days.${what}`, '+', by) })),
    )
    .execute();
}

/** A learner's active days from `since` (inclusive, YYYY-MM-DD), oldest first. */
export async function findActivityDays(db: Executor, userId: number, since: string) {
  return db
    .selectFrom('learning_activity_days')
    .select(['day', 'progress', 'reviews'])
    .where('user_id', '=', userId)
    .where('day', '>=', since)
    .orderBy('day')
    .execute();
}

/** Every day a learner was active, oldest first (for the longest streak). */
export async function findAllActiveDays(db: Executor, userId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('learning_activity_days')
    .select('day')
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('progress', '>', 0), eb('reviews', '>', 0)]))
    .orderBy('day')
    .execute();
  return rows.map((row) => row.day);
}

/** The learner's time zone, UTC until they choose one. */
export async function findTimezone(db: Executor, userId: number): Promise<string> {
  const row = await db
    .selectFrom('learner_settings')
    .select('timezone')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.timezone ?? 'UTC';
}
