import type { Kysely } from 'kysely';
import { TEXT, TIMESTAMP, withId } from '../migration-helpers.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('trees'))
    .addColumn('uuid', 'varchar(36)', (c) => c.notNull().unique())
    .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('description', TEXT, (c) => c.notNull().defaultTo(''))
    .addColumn('tags', TEXT, (c) => c.notNull().defaultTo('[]'))
    .addColumn('tag_key', TEXT, (c) => c.notNull().defaultTo('|'))
    .addColumn('search_text', TEXT, (c) => c.notNull().defaultTo(''))
    .addColumn('visibility', 'varchar(10)', (c) => c.notNull().defaultTo('private'))
    .addColumn('data', TEXT, (c) => c.notNull())
    .addColumn('node_count', 'integer', (c) => c.notNull())
    .addColumn('revision', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('latest_version', 'integer')
    .addColumn('created_at', TIMESTAMP, (c) => c.notNull())
    .addColumn('updated_at', TIMESTAMP, (c) => c.notNull())
    .execute();
  // The list is always "own trees" in one of three orders; `id` breaks ties so pages are stable.
  for (const column of ['updated_at', 'created_at', 'title']) {
    await db.schema.createIndex(`trees_owner_${column}_idx`).on('trees').columns(['owner_id', column, 'id']).execute();
  }

  await withId(db, db.schema.createTable('tree_versions'))
    .addColumn('tree_id', 'integer', (c) => c.notNull().references('trees.id').onDelete('cascade'))
    .addColumn('number', 'integer', (c) => c.notNull())
    .addColumn('message', TEXT, (c) => c.notNull().defaultTo(''))
    .addColumn('node_count', 'integer', (c) => c.notNull())
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', TIMESTAMP, (c) => c.notNull())
    .addColumn('storage', 'varchar(10)', (c) => c.notNull())
    .addColumn('snapshot_id', 'integer')
    .addColumn('payload', TEXT, (c) => c.notNull())
    .addColumn('payload_bytes', 'integer', (c) => c.notNull())
    .addUniqueConstraint('tree_versions_tree_number_uq', ['tree_id', 'number'])
    .execute();
  await db.schema
    .createIndex('tree_versions_snapshot_idx')
    .on('tree_versions')
    .columns(['snapshot_id', 'number'])
    .execute();

  await withId(db, db.schema.createTable('node_images'))
    .addColumn('tree_id', 'integer', (c) => c.notNull().references('trees.id').onDelete('cascade'))
    .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('node_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('storage_key', 'varchar(200)', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('bytes', 'integer', (c) => c.notNull())
    .addColumn('content_type', 'varchar(50)', (c) => c.notNull())
    .addColumn('created_at', TIMESTAMP, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('node_images_tree_node_idx').on('node_images').columns(['tree_id', 'node_id']).execute();
  await db.schema.createIndex('node_images_owner_idx').on('node_images').columns(['owner_id', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('node_images').execute();
  await db.schema.dropTable('tree_versions').execute();
  await db.schema.dropTable('trees').execute();
}
