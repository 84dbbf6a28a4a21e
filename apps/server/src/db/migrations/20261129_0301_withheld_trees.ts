import type { Kysely } from 'kysely';
import { TIMESTAMP } from '../migration-helpers.ts';

/**
 * Trees whose template a moderator hid and its author then withdrew: sharing such a tree again makes
 * a hidden template (with an open report for admins) instead of a public one, until an admin shows
 * it again. The row goes with the tree.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('withheld_trees')
    .addColumn('tree_id', 'integer', (c) => c.primaryKey().references('trees.id').onDelete('cascade'))
    .addColumn('created_at', TIMESTAMP, (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('withheld_trees').execute();
}
