import type { Kysely } from 'kysely';

/**
 * The card browser (issue #33): a learner may suspend cards; a suspended card keeps its schedule but
 * never enters a review queue (API.md "Scheduler options"). 0/1 like every boolean here.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('learning_cards')
    .addColumn('suspended', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('learning_cards').dropColumn('suspended').execute();
}
