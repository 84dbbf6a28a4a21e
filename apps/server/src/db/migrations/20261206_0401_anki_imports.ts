import type { Kysely } from 'kysely';
import { TEXT, TIMESTAMP, withId } from '../migration-helpers.ts';

/**
 * Anki imports (API.md "Cards people already have"): one row per upload, read by its importer only.
 * `upload_key` is the stored `.apkg`/`.colpkg` until the job has read it (then null); `tree_uuid` or
 * `title` is where the cards go; `result` is the job's summary (JSON) and `error` the English reason
 * a failed job gives (translated when read), with its values as JSON in `error_values`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('anki_imports'))
    .addColumn('uuid', 'varchar(36)', (c) => c.notNull().unique())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('percent', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('upload_key', 'varchar(128)')
    .addColumn('tree_uuid', 'varchar(64)')
    .addColumn('title', 'varchar(200)')
    .addColumn('result', TEXT)
    .addColumn('error', TEXT)
    .addColumn('error_values', TEXT)
    .addColumn('created_at', TIMESTAMP, (c) => c.notNull())
    .addColumn('updated_at', TIMESTAMP, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('anki_imports_user_idx').on('anki_imports').columns(['user_id', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('anki_imports_user_idx').execute();
  await db.schema.dropTable('anki_imports').execute();
}
