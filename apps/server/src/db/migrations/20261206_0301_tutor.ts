import type { Kysely } from 'kysely';
import { TEXT, TIMESTAMP, withId } from '../migration-helpers.ts';

/**
 * The tutor (API.md "Tutor"): a learner's conversations on a subject (a tree or a template, optionally
 * about one node) and their messages, citations kept as a JSON array of {node_id, title}. A deleted
 * account's conversations go with it (ON DELETE CASCADE); a deleted subject's through the tutor's events.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('tutor_conversations'))
    .addColumn('uuid', 'varchar(36)', (c) => c.notNull().unique())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('subject_kind', 'varchar(8)', (c) => c.notNull())
    .addColumn('subject_id', 'integer', (c) => c.notNull())
    .addColumn('node_id', 'varchar(64)')
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('created_at', TIMESTAMP, (c) => c.notNull())
    .addColumn('updated_at', TIMESTAMP, (c) => c.notNull())
    .execute();
  // A learner's conversations of one subject, newest first (the panel's list).
  await db.schema
    .createIndex('tutor_conversations_subject_idx')
    .on('tutor_conversations')
    .columns(['user_id', 'subject_kind', 'subject_id', 'updated_at'])
    .execute();
  await db.schema
    .createIndex('tutor_conversations_of_subject_idx')
    .on('tutor_conversations')
    .columns(['subject_kind', 'subject_id'])
    .execute();
  await withId(db, db.schema.createTable('tutor_messages'))
    .addColumn('conversation_id', 'integer', (c) =>
      c.notNull().references('tutor_conversations.id').onDelete('cascade'),
    )
    .addColumn('role', 'varchar(10)', (c) => c.notNull())
    .addColumn('content', TEXT, (c) => c.notNull())
    .addColumn('citations', TEXT, (c) => c.notNull().defaultTo('[]'))
    .addColumn('created_at', TIMESTAMP, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('tutor_messages_conversation_idx')
    .on('tutor_messages')
    .columns(['conversation_id', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('tutor_messages').execute();
  await db.schema.dropTable('tutor_conversations').execute();
}
