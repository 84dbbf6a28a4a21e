import type { Kysely } from 'kysely';
import { isPostgres, TEXT, TIMESTAMP, withId } from '../migration-helpers.ts';

/**
 * Recall and study plans (API.md "Recall", "Study plans and calendar"): FSRS cards and their review
 * logs, AI quizzes whose answers stay here, one plan per learner and subject, and the secret token of
 * each learner's calendar feed. Subjects have no foreign key, as in the learning migration: the trees
 * and community modules announce deletions through domain events.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const real = isPostgres(db) ? 'double precision' : 'real';
  const subject = <T extends string>(table: ReturnType<typeof db.schema.createTable<T>>) =>
    table
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('subject_kind', 'varchar(8)', (c) => c.notNull())
      .addColumn('subject_id', 'integer', (c) => c.notNull());

  await subject(withId(db, db.schema.createTable('learning_cards')))
    .addColumn('node_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('front', TEXT, (c) => c.notNull())
    .addColumn('back', TEXT, (c) => c.notNull())
    .addColumn('state', 'varchar(16)', (c) => c.notNull())
    .addColumn('due', TIMESTAMP, (c) => c.notNull())
    .addColumn('stability', real, (c) => c.notNull())
    .addColumn('difficulty', real, (c) => c.notNull())
    .addColumn('elapsed_days', 'integer', (c) => c.notNull())
    .addColumn('scheduled_days', 'integer', (c) => c.notNull())
    .addColumn('learning_steps', 'integer', (c) => c.notNull())
    .addColumn('reps', 'integer', (c) => c.notNull())
    .addColumn('lapses', 'integer', (c) => c.notNull())
    .addColumn('last_review', TIMESTAMP)
    .addColumn('created_at', TIMESTAMP, (c) => c.notNull())
    .addColumn('updated_at', TIMESTAMP, (c) => c.notNull())
    .execute();
  // The review queue and stats: a learner's cards by state, then by due (new cards by creation).
  await db.schema
    .createIndex('learning_cards_queue_idx')
    .on('learning_cards')
    .columns(['user_id', 'state', 'due', 'id'])
    .execute();
  await db.schema
    .createIndex('learning_cards_new_idx')
    .on('learning_cards')
    .columns(['user_id', 'state', 'created_at', 'id'])
    .execute();
  // A learner's list of cards, oldest first.
  await db.schema.createIndex('learning_cards_user_idx').on('learning_cards').columns(['user_id', 'id']).execute();
  await db.schema
    .createIndex('learning_cards_node_idx')
    .on('learning_cards')
    .columns(['user_id', 'subject_kind', 'subject_id', 'node_id'])
    .execute();

  await withId(db, db.schema.createTable('learning_review_logs'))
    .addColumn('card_id', 'integer', (c) => c.notNull().references('learning_cards.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('review_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('rating', 'integer', (c) => c.notNull())
    .addColumn('state', 'varchar(16)', (c) => c.notNull())
    .addColumn('due', TIMESTAMP, (c) => c.notNull())
    .addColumn('stability', real, (c) => c.notNull())
    .addColumn('difficulty', real, (c) => c.notNull())
    .addColumn('elapsed_days', 'integer', (c) => c.notNull())
    .addColumn('last_elapsed_days', 'integer', (c) => c.notNull())
    .addColumn('scheduled_days', 'integer', (c) => c.notNull())
    .addColumn('learning_steps', 'integer', (c) => c.notNull())
    .addColumn('reviewed_at', TIMESTAMP, (c) => c.notNull())
    .addColumn('duration_ms', 'integer')
    /** the card's scheduling fields before this review, as JSON: what undo restores */
    .addColumn('card_before', TEXT, (c) => c.notNull())
    /** the answer of this review, as JSON: what a retry with the same review_id gets */
    .addColumn('answer', TEXT, (c) => c.notNull())
    .addUniqueConstraint('learning_review_logs_review_uq', ['user_id', 'review_id'])
    .execute();
  await db.schema
    .createIndex('learning_review_logs_card_idx')
    .on('learning_review_logs')
    .columns(['card_id', 'id'])
    .execute();
  await db.schema
    .createIndex('learning_review_logs_recent_idx')
    .on('learning_review_logs')
    // state and rating too: today's new cards and the 30-day retention are counted from the index alone
    .columns(['user_id', 'reviewed_at', 'state', 'rating'])
    .execute();

  await subject(withId(db, db.schema.createTable('learning_quizzes')))
    .addColumn('uuid', 'varchar(36)', (c) => c.notNull().unique())
    .addColumn('node_id', 'varchar(64)', (c) => c.notNull())
    /** JSON: [{question, choices, answer, explanation}] — the answers never leave the server before submit */
    .addColumn('questions', TEXT, (c) => c.notNull())
    .addColumn('created_at', TIMESTAMP, (c) => c.notNull())
    .addColumn('submitted_at', TIMESTAMP)
    .execute();
  await db.schema
    .createIndex('learning_quizzes_subject_idx')
    .on('learning_quizzes')
    .columns(['subject_kind', 'subject_id'])
    .execute();

  await subject(withId(db, db.schema.createTable('learning_plans')))
    .addColumn('target', 'varchar(64)')
    .addColumn('start_date', 'varchar(10)', (c) => c.notNull())
    .addColumn('active', 'integer', (c) => c.notNull())
    .addColumn('created_at', TIMESTAMP, (c) => c.notNull())
    .addColumn('updated_at', TIMESTAMP, (c) => c.notNull())
    .addUniqueConstraint('learning_plans_subject_uq', ['user_id', 'subject_kind', 'subject_id'])
    .execute();
  for (const table of ['learning_cards', 'learning_plans']) {
    await db.schema.createIndex(`${table}_subject_idx`).on(table).columns(['subject_kind', 'subject_id']).execute();
  }

  await db.schema
    .createTable('learning_calendar_feeds')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('token', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('created_at', TIMESTAMP, (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'learning_calendar_feeds',
    'learning_plans',
    'learning_quizzes',
    'learning_review_logs',
    'learning_cards',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
