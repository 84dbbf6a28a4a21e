import type { LearningStatusValue, SubjectKind } from '@arbor/contract';
import { sql } from 'kysely';
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

/**
 * Sets a node's status (a `todo` status deletes the row); mastery is kept. Answers whether anything
 * changed. One statement for the usual case: the database decides whether the row changes, so
 * concurrent changes cannot interleave between a read and a write, and a status change makes
 * fewer round trips (each costs milliseconds on a busy PostgreSQL).
 */
export async function writeStatus(
  db: Executor,
  key: SubjectKey,
  nodeId: string,
  status: LearningStatusValue,
  now: string,
): Promise<boolean> {
  const [a, b, c] = ofSubject(key);
  if (status === 'todo') {
    // A row with mastery keeps what a quiz earned (mastery never goes down); without it, it goes.
    const deleted = await db
      .deleteFrom('learning_progress')
      .where(...a)
      .where(...b)
      .where(...c)
      .where('node_id', '=', nodeId)
      .where('mastery', '=', 0)
      .where('status', '<>', 'todo')
      .executeTakeFirst();
    if (Number(deleted.numDeletedRows) > 0) return true;
    const updated = await db
      .updateTable('learning_progress')
      .set({ status, updated_at: now })
      .where(...a)
      .where(...b)
      .where(...c)
      .where('node_id', '=', nodeId)
      .where('status', '<>', 'todo')
      .executeTakeFirst();
    return Number(updated.numUpdatedRows) > 0;
  }
  const written = await db
    .insertInto('learning_progress')
    .values({
      user_id: key.userId,
      subject_kind: key.kind,
      subject_id: key.subjectId,
      node_id: nodeId,
      status,
      mastery: 0,
      updated_at: now,
    })
    .onConflict((oc) =>
      oc
        .columns(['user_id', 'subject_kind', 'subject_id', 'node_id'])
        .doUpdateSet((eb) => ({ status: eb.ref('excluded.status'), updated_at: eb.ref('excluded.updated_at') }))
        .where('learning_progress.status', '<>', status),
    )
    .returning('id')
    .executeTakeFirst();
  return written !== undefined;
}

export interface NoteRow {
  node_id: string;
  content: string;
  updated_at: string;
}

/** A learner's notes on one subject, in node order of their writing. */
export async function findNotes(db: Executor, key: SubjectKey): Promise<NoteRow[]> {
  const [a, b, c] = ofSubject(key);
  return db
    .selectFrom('learning_notes')
    .select(['node_id', 'content', 'updated_at'])
    .where(...a)
    .where(...b)
    .where(...c)
    .orderBy('node_id')
    .execute();
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

/** Notes of a learner containing `needle` (already lower-cased), newest first. */
export async function searchNotes(db: Executor, userId: number, needle: string, limit: number) {
  const pattern = `%${needle.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
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
 * Copies a learner's progress and notes from one subject to another (a fork of a template); answers
 * whether anything was copied. Cards and plan: `copyCardsAndPlan` (cards.repository.ts).
 */
export async function copySubjectRows(db: Executor, from: SubjectKey, to: SubjectKey, now: string): Promise<boolean> {
  const progress = await findProgress(db, from);
  if (progress.length) {
    await db
      .insertInto('learning_progress')
      .values(
        progress.map((row) => ({
          user_id: to.userId,
          subject_kind: to.kind,
          subject_id: to.subjectId,
          node_id: row.node_id,
          status: row.status,
          mastery: row.mastery,
          updated_at: row.updated_at,
        })),
      )
      .execute();
  }
  const notes = await findNotes(db, from);
  if (notes.length) {
    await db
      .insertInto('learning_notes')
      .values(
        notes.map((note) => ({
          user_id: to.userId,
          subject_kind: to.kind,
          subject_id: to.subjectId,
          node_id: note.node_id,
          content: note.content,
          search_text: note.content.toLowerCase(),
          created_at: now,
          updated_at: note.updated_at,
        })),
      )
      .execute();
  }
  return progress.length > 0 || notes.length > 0;
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
