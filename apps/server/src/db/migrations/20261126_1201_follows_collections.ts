import type { Kysely } from 'kysely';
import { TEXT, TIMESTAMP, withId } from '../migration-helpers.ts';

/**
 * Following authors and collections of templates (API.md "Authors, following, collections,
 * notifications"). `author_counters` keeps each user's followers and following counts, changed in the
 * transaction that adds or removes a follow, so they stay exact. A collection's `items_count` is kept
 * the same way. Collection items hold no foreign key to `shares`: a withdrawn template is taken out
 * by the community module on `share.deleted`, which also corrects the collections' counts. Re-shares
 * are recorded in `share_revision_events` for the feed (earlier ones were never recorded).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('author_follows')
    .addColumn('follower_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('followee_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', TIMESTAMP, (c) => c.notNull())
    .addPrimaryKeyConstraint('author_follows_pk', ['follower_id', 'followee_id'])
    .execute();
  // An author's followers (the primary key serves "whom I follow").
  await db.schema.createIndex('author_follows_followee_idx').on('author_follows').columns(['followee_id']).execute();
  // The following list, newest first.
  await db.schema
    .createIndex('author_follows_follower_created_idx')
    .on('author_follows')
    .columns(['follower_id', 'created_at desc'])
    .execute();

  await db.schema
    .createTable('author_counters')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('followers_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('following_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await withId(db, db.schema.createTable('collections'))
    .addColumn('uuid', 'varchar(36)', (c) => c.notNull().unique())
    .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('title', 'varchar(100)', (c) => c.notNull())
    .addColumn('description', TEXT, (c) => c.notNull().defaultTo(''))
    .addColumn('visibility', 'varchar(16)', (c) => c.notNull())
    .addColumn('items_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', TIMESTAMP, (c) => c.notNull())
    .addColumn('updated_at', TIMESTAMP, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('collections_owner_idx')
    .on('collections')
    .columns(['owner_id', 'visibility', 'updated_at desc'])
    .execute();

  await withId(db, db.schema.createTable('collection_items'))
    .addColumn('collection_id', 'integer', (c) => c.notNull().references('collections.id').onDelete('cascade'))
    .addColumn('share_id', 'integer', (c) => c.notNull())
    .addColumn('note', TEXT, (c) => c.notNull().defaultTo(''))
    .addColumn('added_at', TIMESTAMP, (c) => c.notNull())
    .addUniqueConstraint('collection_items_unique', ['collection_id', 'share_id'])
    .execute();
  await db.schema.createIndex('collection_items_share_idx').on('collection_items').columns(['share_id']).execute();

  await withId(db, db.schema.createTable('share_revision_events'))
    .addColumn('share_id', 'integer', (c) => c.notNull().references('shares.id').onDelete('cascade'))
    .addColumn('author_id', 'integer', (c) => c.notNull())
    .addColumn('created_at', TIMESTAMP, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('share_revision_events_author_idx')
    .on('share_revision_events')
    .columns(['author_id', 'created_at desc'])
    .execute();
  await db.schema
    .createIndex('share_revision_events_share_idx')
    .on('share_revision_events')
    .columns(['share_id', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('share_revision_events').execute();
  await db.schema.dropTable('collection_items').execute();
  await db.schema.dropTable('collections').execute();
  await db.schema.dropTable('author_counters').execute();
  await db.schema.dropTable('author_follows').execute();
}
