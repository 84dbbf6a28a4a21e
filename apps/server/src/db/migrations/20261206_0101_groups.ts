import type { Kysely } from 'kysely';
import { TIMESTAMP, withId } from '../migration-helpers.ts';

/**
 * Groups (API.md "Groups"): groups with their join code, members with their role and the consent
 * they gave when joining, assignments of a tree or template, the last nudge of each member per
 * assignment (at most one in 24 h), and the reminders already sent (one row per assignment, member
 * and kind: the unique key makes a reminder go exactly once however many processes run the job).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('groups'))
    .addColumn('uuid', 'varchar(36)', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('join_code', 'varchar(8)', (c) => c.notNull().unique())
    .addColumn('join_open', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', TIMESTAMP, (c) => c.notNull())
    .addColumn('updated_at', TIMESTAMP, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('groups_owner_idx').on('groups').column('owner_id').execute();

  await withId(db, db.schema.createTable('group_members'))
    .addColumn('group_id', 'integer', (c) => c.notNull().references('groups.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role', 'varchar(8)', (c) => c.notNull())
    /** when the member agreed that owner and mentors see their progress on assignments */
    .addColumn('consented_at', TIMESTAMP, (c) => c.notNull())
    .addColumn('joined_at', TIMESTAMP, (c) => c.notNull())
    .addUniqueConstraint('group_members_group_user_key', ['group_id', 'user_id'])
    .execute();
  await db.schema.createIndex('group_members_user_idx').on('group_members').column('user_id').execute();

  await withId(db, db.schema.createTable('group_assignments'))
    .addColumn('group_id', 'integer', (c) => c.notNull().references('groups.id').onDelete('cascade'))
    .addColumn('subject_kind', 'varchar(8)', (c) => c.notNull())
    .addColumn('subject_id', 'integer', (c) => c.notNull())
    .addColumn('target', 'varchar(64)')
    .addColumn('due_date', 'varchar(10)')
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', TIMESTAMP, (c) => c.notNull())
    .addColumn('updated_at', TIMESTAMP, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('group_assignments_group_idx').on('group_assignments').column('group_id').execute();
  await db.schema
    .createIndex('group_assignments_subject_idx')
    .on('group_assignments')
    .columns(['subject_kind', 'subject_id'])
    .execute();

  await db.schema
    .createTable('group_nudges')
    .addColumn('assignment_id', 'integer', (c) => c.notNull().references('group_assignments.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('nudged_at', TIMESTAMP, (c) => c.notNull())
    .addPrimaryKeyConstraint('group_nudges_pkey', ['assignment_id', 'user_id'])
    .execute();

  await db.schema
    .createTable('group_reminders')
    .addColumn('assignment_id', 'integer', (c) => c.notNull().references('group_assignments.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    /** `soon` (the day before the due date) or `overdue` */
    .addColumn('kind', 'varchar(8)', (c) => c.notNull())
    /** the due date it was about: a changed due date reminds again */
    .addColumn('due_date', 'varchar(10)', (c) => c.notNull())
    .addColumn('sent_at', TIMESTAMP, (c) => c.notNull())
    .addPrimaryKeyConstraint('group_reminders_pkey', ['assignment_id', 'user_id', 'kind', 'due_date'])
    .execute();

  /** UTC days whose reminders run finished: a later run that day (another process, an hourly tick) does nothing */
  await db.schema
    .createTable('group_reminder_days')
    .addColumn('day', 'varchar(10)', (c) => c.primaryKey())
    .addColumn('finished_at', TIMESTAMP, (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('group_reminder_days').execute();
  await db.schema.dropTable('group_reminders').execute();
  await db.schema.dropTable('group_nudges').execute();
  await db.schema.dropTable('group_assignments').execute();
  await db.schema.dropTable('group_members').execute();
  await db.schema.dropTable('groups').execute();
}
