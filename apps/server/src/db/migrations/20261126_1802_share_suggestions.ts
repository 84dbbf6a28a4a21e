import type { Kysely } from 'kysely';
import { TEXT, TIMESTAMP, withId } from '../migration-helpers.ts';

/**
 * Suggested edits of templates (API.md "Template history and suggestions"). A suggestion is made
 * against a revision of its template (`base_revision`) and stores the proposed document compactly,
 * as a tree-core `TreeDiff` (JSON) from that revision's document, with its change counts. It is
 * `open` until its template's author accepts or rejects it (with a `reason`) or its author withdraws
 * it; `decided_at` and `decided_by` say when and by whom. Suggestions go with their template and
 * with their author's account; a decider's account going leaves `decided_by` empty.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('share_suggestions'))
    .addColumn('share_id', 'integer', (c) => c.notNull().references('shares.id').onDelete('cascade'))
    .addColumn('author_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('message', TEXT, (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('open'))
    .addColumn('base_revision', 'integer', (c) => c.notNull())
    .addColumn('proposal', TEXT, (c) => c.notNull())
    .addColumn('added', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('removed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('changed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('moved', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('reason', TEXT)
    .addColumn('created_at', TIMESTAMP, (c) => c.notNull())
    .addColumn('decided_at', TIMESTAMP)
    .addColumn('decided_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  // A template's suggestions, newest first, all of them or those of one status.
  await db.schema
    .createIndex('share_suggestions_share_idx')
    .on('share_suggestions')
    .columns(['share_id', 'id'])
    .execute();
  await db.schema
    .createIndex('share_suggestions_share_status_idx')
    .on('share_suggestions')
    .columns(['share_id', 'status', 'id'])
    .execute();
  // An author's suggestions (their account going takes them along).
  await db.schema
    .createIndex('share_suggestions_author_idx')
    .on('share_suggestions')
    .columns(['author_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('share_suggestions_decided_by_idx')
    .on('share_suggestions')
    .columns(['decided_by'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('share_suggestions').execute();
}
