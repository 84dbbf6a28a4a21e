import { sql, type Kysely } from 'kysely';
import { TEXT, TIMESTAMP, withId } from '../migration-helpers.ts';

/**
 * Moderation (API.md "Community review", **Moderation**): a `hidden` flag (0/1) on templates,
 * reviews (`share_ratings`) and comments; users' reports of them; and the log of what admins did.
 * A report names its target by kind and id without a foreign key, so it outlives a deleted target.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of ['shares', 'share_ratings', 'share_comments']) {
    await db.schema
      .alterTable(table)
      .addColumn('hidden', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  }
  await withId(db, db.schema.createTable('moderation_reports'))
    .addColumn('reporter_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('target_kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('target_id', 'integer', (c) => c.notNull())
    .addColumn('reason', 'varchar(16)', (c) => c.notNull())
    .addColumn('details', TEXT, (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('open'))
    .addColumn('action', 'varchar(16)')
    .addColumn('created_at', TIMESTAMP, (c) => c.notNull())
    .addColumn('resolved_at', TIMESTAMP)
    .execute();
  // The admin list by status, newest first; one open report per reporter and target.
  await db.schema
    .createIndex('moderation_reports_status_idx')
    .on('moderation_reports')
    .columns(['status', 'created_at desc', 'id desc'])
    .execute();
  await db.schema
    .createIndex('moderation_reports_open_idx')
    .on('moderation_reports')
    .unique()
    .columns(['reporter_id', 'target_kind', 'target_id'])
    .where(sql.ref('status'), '=', 'open')
    .execute();
  // A reporter's reports in the last day (the daily limit is counted by the throttle, this serves clean-up).
  await db.schema
    .createIndex('moderation_reports_reporter_idx')
    .on('moderation_reports')
    .column('reporter_id')
    .execute();
  await withId(db, db.schema.createTable('moderation_log'))
    .addColumn('admin_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('action', 'varchar(16)', (c) => c.notNull())
    .addColumn('target_kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('target_id', 'integer', (c) => c.notNull())
    .addColumn('report_id', 'integer')
    .addColumn('note', TEXT, (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', TIMESTAMP, (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('moderation_log').execute();
  await db.schema.dropTable('moderation_reports').execute();
  for (const table of ['share_comments', 'share_ratings', 'shares']) {
    await db.schema.alterTable(table).dropColumn('hidden').execute();
  }
}
