import type { Kysely } from 'kysely';

/**
 * A collection's owner orders its items (API.md "Authors, following, collections, notifications"):
 * `position` ascending, then the last added first. A new item takes a position before every other,
 * so the order a collection had before (last added first) holds until its owner moves something.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('collection_items')
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('collection_items_order_idx')
    .on('collection_items')
    .columns(['collection_id', 'position'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('collection_items_order_idx').execute();
  await db.schema.alterTable('collection_items').dropColumn('position').execute();
}
