import type { Kysely } from 'kysely';

/**
 * Where a fork came from (API.md "Template updates for forks"): `use_tree` records the template and
 * the revision it copied. No foreign key: a template that is withdrawn leaves its forks pointing at
 * nothing (`upstream.available: false`), so its uuid and title are kept here for them too. The index
 * finds a template's forks when it gets a new revision (their owners are notified).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // One column per statement: SQLite adds one column per ALTER TABLE.
  await db.schema.alterTable('trees').addColumn('upstream_share_id', 'integer').execute();
  await db.schema.alterTable('trees').addColumn('upstream_share_uuid', 'varchar(36)').execute();
  await db.schema.alterTable('trees').addColumn('upstream_title', 'varchar(200)').execute();
  await db.schema.alterTable('trees').addColumn('upstream_base_revision', 'integer').execute();
  await db.schema.createIndex('trees_upstream_share_idx').on('trees').columns(['upstream_share_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('trees_upstream_share_idx').execute();
  for (const column of ['upstream_base_revision', 'upstream_title', 'upstream_share_uuid', 'upstream_share_id']) {
    await db.schema.alterTable('trees').dropColumn(column).execute();
  }
}
