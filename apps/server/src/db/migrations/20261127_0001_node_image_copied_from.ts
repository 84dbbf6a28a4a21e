import type { Kysely } from 'kysely';

/**
 * Where a node image was copied from: a tree made from a template (`use_tree`), or synced with it,
 * gets its own copy of each image of the template's source tree its document shows, and records the
 * source image's id here (null for an upload). A template sync reads it to tell the template's images
 * from the fork's own changes. No foreign key: the source image may be deleted, its copy stays.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('node_images').addColumn('copied_from', 'integer').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('node_images').dropColumn('copied_from').execute();
}
