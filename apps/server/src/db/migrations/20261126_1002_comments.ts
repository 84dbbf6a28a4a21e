import type { Kysely } from 'kysely';
import { TEXT, TIMESTAMP, withId } from '../migration-helpers.ts';

/**
 * Comments on community templates (API.md "Community review", **Comments**): threads of one
 * top-level comment and its replies, optionally anchored to a node of the template's snapshot. A
 * thread's replies carry its node id, so per-node counts need no join. They go with their template
 * (ON DELETE CASCADE); a deleted author's comments are taken out by the community module on
 * `user.deleted`, before the user row goes (the SET NULL only guards against a row left behind).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('share_comments'))
    .addColumn('share_id', 'integer', (c) => c.notNull().references('shares.id').onDelete('cascade'))
    .addColumn('node_id', 'varchar(64)')
    /** the thread's top-level comment; null on a top-level comment */
    .addColumn('parent_id', 'integer', (c) => c.references('share_comments.id').onDelete('cascade'))
    /** null once deleted */
    .addColumn('author_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('body', TEXT, (c) => c.notNull())
    .addColumn('created_at', TIMESTAMP, (c) => c.notNull())
    .addColumn('edited_at', TIMESTAMP)
    /** 1: a deleted top-level comment kept (empty, without author) for its replies */
    .addColumn('deleted', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('replies_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // A template's threads, newest first (parent_id IS NULL is an equality for the index).
  await db.schema
    .createIndex('share_comments_threads_idx')
    .on('share_comments')
    .columns(['share_id', 'parent_id', 'created_at desc', 'id desc'])
    .execute();
  // A node's threads, newest first; its prefix also serves the per-node counts.
  await db.schema
    .createIndex('share_comments_node_idx')
    .on('share_comments')
    .columns(['share_id', 'node_id', 'parent_id', 'created_at desc', 'id desc'])
    .execute();
  // A thread's replies, oldest first.
  await db.schema
    .createIndex('share_comments_replies_idx')
    .on('share_comments')
    .columns(['parent_id', 'created_at', 'id'])
    .execute();
  // A deleted account's comments.
  await db.schema.createIndex('share_comments_author_idx').on('share_comments').columns(['author_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('share_comments').execute();
}
