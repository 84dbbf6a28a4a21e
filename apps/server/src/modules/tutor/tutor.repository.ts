import type { Selectable } from 'kysely';
import type { SubjectKind } from '@arbor/contract';
import type { Executor } from '../../db/connection.ts';
import type { TutorConversationsTable, TutorMessagesTable } from '../../db/tables/tutor.ts';

export type ConversationRow = Selectable<TutorConversationsTable>;
export type MessageRow = Selectable<TutorMessagesTable>;

/** The subject a learner's conversations belong to (learning's subject key). */
export interface ConversationSubject {
  userId: number;
  kind: SubjectKind;
  subjectId: number;
}

/** A learner's own conversation by uuid; another learner's is undefined, as if it did not exist. */
export async function findOwnConversation(
  db: Executor,
  userId: number,
  uuid: string,
): Promise<ConversationRow | undefined> {
  return db
    .selectFrom('tutor_conversations')
    .selectAll()
    .where('uuid', '=', uuid)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** A learner's conversations on one subject, newest first. */
export async function listOwnConversations(
  db: Executor,
  key: ConversationSubject,
  limit: number,
): Promise<ConversationRow[]> {
  return db
    .selectFrom('tutor_conversations')
    .selectAll()
    .where('user_id', '=', key.userId)
    .where('subject_kind', '=', key.kind)
    .where('subject_id', '=', key.subjectId)
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** The last `limit` messages of a conversation (all when absent), oldest first. */
export async function findMessages(db: Executor, conversationId: number, limit?: number): Promise<MessageRow[]> {
  let query = db
    .selectFrom('tutor_messages')
    .selectAll()
    .where('conversation_id', '=', conversationId)
    .orderBy('id', 'desc');
  if (limit !== undefined) query = query.limit(limit);
  return (await query.execute()).reverse();
}

export async function insertConversation(db: Executor, row: Omit<ConversationRow, 'id'>): Promise<number> {
  const { id } = await db.insertInto('tutor_conversations').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

export async function touchConversation(db: Executor, id: number, now: string): Promise<void> {
  await db.updateTable('tutor_conversations').set({ updated_at: now }).where('id', '=', id).execute();
}

export async function insertMessages(db: Executor, rows: Omit<MessageRow, 'id'>[]): Promise<MessageRow[]> {
  return db.insertInto('tutor_messages').values(rows).returningAll().execute();
}

/** Removes a conversation with its messages (call inside a transaction). */
export async function deleteConversation(db: Executor, id: number): Promise<void> {
  await db.deleteFrom('tutor_messages').where('conversation_id', '=', id).execute();
  await db.deleteFrom('tutor_conversations').where('id', '=', id).execute();
}

/** Every learner's conversations on a deleted tree or template, with their messages. */
export async function deleteConversationsOfSubject(db: Executor, kind: SubjectKind, subjectId: number): Promise<void> {
  const ofSubject = db
    .selectFrom('tutor_conversations')
    .select('id')
    .where('subject_kind', '=', kind)
    .where('subject_id', '=', subjectId);
  await db.deleteFrom('tutor_messages').where('conversation_id', 'in', ofSubject).execute();
  await db
    .deleteFrom('tutor_conversations')
    .where('subject_kind', '=', kind)
    .where('subject_id', '=', subjectId)
    .execute();
}

/** One learner's conversations on a subject they forgot, with their messages. */
export async function deleteOwnConversationsOfSubject(db: Executor, key: ConversationSubject): Promise<void> {
  const own = db
    .selectFrom('tutor_conversations')
    .select('id')
    .where('user_id', '=', key.userId)
    .where('subject_kind', '=', key.kind)
    .where('subject_id', '=', key.subjectId);
  await db.deleteFrom('tutor_messages').where('conversation_id', 'in', own).execute();
  await db
    .deleteFrom('tutor_conversations')
    .where('user_id', '=', key.userId)
    .where('subject_kind', '=', key.kind)
    .where('subject_id', '=', key.subjectId)
    .execute();
}
