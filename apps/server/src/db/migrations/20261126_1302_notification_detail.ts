import type { Kysely } from 'kysely';

/**
 * A notification's `detail`: what its kind alone does not say, and which of the kind's sentences it
 * shows (`report_resolved`: the action a moderator took). Null for the kinds that have one sentence.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('notifications').addColumn('detail', 'varchar(32)').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('notifications').dropColumn('detail').execute();
}
