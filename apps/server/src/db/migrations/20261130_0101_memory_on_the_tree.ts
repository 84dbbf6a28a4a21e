import type { Kysely } from 'kysely';
import { TEXT } from '../migration-helpers.ts';

/**
 * Memory on the tree (API.md "Third wave"): the learner's scheduler options and implicit credit in
 * their settings, and review logs that say whether a review was the learner's own (`explicit`) or an
 * implicit credit from a review of a card on a node that waits for this one (with that card and log).
 * Null steps mean ts-fsrs's defaults. The recent-reviews index gains `kind`, so today's counts and the
 * 30-day retention, which count explicit reviews only, are still read from the index alone.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('learner_settings')
    .addColumn('maximum_interval', 'integer', (c) => c.notNull().defaultTo(36_500))
    .execute();
  await db.schema.alterTable('learner_settings').addColumn('learning_steps', TEXT).execute();
  await db.schema.alterTable('learner_settings').addColumn('relearning_steps', TEXT).execute();
  await db.schema
    .alterTable('learner_settings')
    .addColumn('implicit_credit', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .alterTable('learning_review_logs')
    .addColumn('kind', 'varchar(16)', (c) => c.notNull().defaultTo('explicit'))
    .execute();
  await db.schema.alterTable('learning_review_logs').addColumn('source_card_id', 'integer').execute();
  await db.schema.alterTable('learning_review_logs').addColumn('source_log_id', 'integer').execute();
  await db.schema.dropIndex('learning_review_logs_recent_idx').execute();
  await db.schema
    .createIndex('learning_review_logs_recent_idx')
    .on('learning_review_logs')
    .columns(['user_id', 'reviewed_at', 'kind', 'state', 'rating'])
    .execute();
  await db.schema
    .createIndex('learning_review_logs_source_idx')
    .on('learning_review_logs')
    .column('source_log_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('learning_review_logs_source_idx').execute();
  await db.schema.dropIndex('learning_review_logs_recent_idx').execute();
  await db.schema
    .createIndex('learning_review_logs_recent_idx')
    .on('learning_review_logs')
    .columns(['user_id', 'reviewed_at', 'state', 'rating'])
    .execute();
  for (const column of ['source_log_id', 'source_card_id', 'kind'])
    await db.schema.alterTable('learning_review_logs').dropColumn(column).execute();
  for (const column of ['implicit_credit', 'relearning_steps', 'learning_steps', 'maximum_interval'])
    await db.schema.alterTable('learner_settings').dropColumn(column).execute();
}
