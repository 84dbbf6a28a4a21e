import type { Kysely } from 'kysely';
import { isPostgres, TEXT, TIMESTAMP, withId } from '../migration-helpers.ts';

/** Learning: progress per node, private notes, the subjects a learner follows, daily activity, settings. */
export async function up(db: Kysely<unknown>): Promise<void> {
  const subject = <T extends string>(table: ReturnType<typeof db.schema.createTable<T>>) =>
    table
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('subject_kind', 'varchar(8)', (c) => c.notNull())
      .addColumn('subject_id', 'integer', (c) => c.notNull());

  await subject(withId(db, db.schema.createTable('learning_progress')))
    .addColumn('node_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('mastery', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', TIMESTAMP, (c) => c.notNull())
    .addUniqueConstraint('learning_progress_node_uq', ['user_id', 'subject_kind', 'subject_id', 'node_id'])
    .execute();

  await subject(withId(db, db.schema.createTable('learning_notes')))
    .addColumn('node_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('content', TEXT, (c) => c.notNull())
    .addColumn('search_text', TEXT, (c) => c.notNull())
    .addColumn('created_at', TIMESTAMP, (c) => c.notNull())
    .addColumn('updated_at', TIMESTAMP, (c) => c.notNull())
    .addUniqueConstraint('learning_notes_node_uq', ['user_id', 'subject_kind', 'subject_id', 'node_id'])
    .execute();
  await db.schema
    .createIndex('learning_notes_recent_idx')
    .on('learning_notes')
    .columns(['user_id', 'updated_at desc'])
    .execute();

  await subject(withId(db, db.schema.createTable('learning_subjects')))
    .addColumn('created_at', TIMESTAMP, (c) => c.notNull())
    .addColumn('last_activity_at', TIMESTAMP, (c) => c.notNull())
    .addUniqueConstraint('learning_subjects_uq', ['user_id', 'subject_kind', 'subject_id'])
    .execute();
  await db.schema
    .createIndex('learning_subjects_recent_idx')
    .on('learning_subjects')
    .columns(['user_id', 'last_activity_at desc', 'id desc'])
    .execute();
  // Clean-up when a tree or a template goes: by subject, across learners.
  for (const table of ['learning_progress', 'learning_notes', 'learning_subjects']) {
    await db.schema.createIndex(`${table}_subject_idx`).on(table).columns(['subject_kind', 'subject_id']).execute();
  }

  await db.schema
    .createTable('learning_activity_days')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('reviews', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('learning_activity_days_pk', ['user_id', 'day'])
    .execute();

  await db.schema
    .createTable('learner_settings')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('timezone', 'varchar(64)', (c) => c.notNull())
    .addColumn('request_retention', isPostgres(db) ? 'double precision' : 'real', (c) => c.notNull())
    .addColumn('new_per_day', 'integer', (c) => c.notNull())
    .addColumn('auto_cards', 'integer', (c) => c.notNull())
    .addColumn('weekly_minutes', 'integer', (c) => c.notNull())
    .addColumn('study_days', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', TIMESTAMP, (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'learner_settings',
    'learning_activity_days',
    'learning_subjects',
    'learning_notes',
    'learning_progress',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
