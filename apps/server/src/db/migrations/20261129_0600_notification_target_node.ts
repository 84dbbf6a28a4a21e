import type { Kysely } from 'kysely';

/**
 * The node of a template a notification is about (a comment on one node's thread), so that opening
 * the notification lands on that node; null for the rest, and for notifications written before.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('notifications').addColumn('target_node', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('notifications').dropColumn('target_node').execute();
}
