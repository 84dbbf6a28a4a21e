import type { Kysely } from 'kysely';
import { TEXT, TIMESTAMP, withId } from '../migration-helpers.ts';

/**
 * Card kinds (API.md "Cards people already have"): a card is `basic`, `reversed`, `cloze` or
 * `occlusion`; the cards made from one input share a `sibling_group` (a uuid; null for a lone basic
 * card); a cloze card keeps its number and an occlusion card its image, masks, index and mode (JSON)
 * with the image's id in its own column, so an image still in use is found by index. Card images are
 * private to their owner: `secret` is the unguessable part of the URL a browser loads them by.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('learning_card_images'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('storage_key', 'varchar(128)', (c) => c.notNull())
    .addColumn('secret', 'varchar(64)', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('bytes', 'integer', (c) => c.notNull())
    .addColumn('content_type', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', TIMESTAMP, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('learning_card_images_user_idx')
    .on('learning_card_images')
    .columns(['user_id', 'id'])
    .execute();

  await db.schema
    .alterTable('learning_cards')
    .addColumn('kind', 'varchar(16)', (c) => c.notNull().defaultTo('basic'))
    .execute();
  await db.schema.alterTable('learning_cards').addColumn('sibling_group', 'varchar(36)').execute();
  await db.schema.alterTable('learning_cards').addColumn('cloze', 'integer').execute();
  await db.schema.alterTable('learning_cards').addColumn('occlusion', TEXT).execute();
  await db.schema
    .alterTable('learning_cards')
    .addColumn('image_id', 'integer', (c) => c.references('learning_card_images.id'))
    .execute();
  await db.schema.createIndex('learning_cards_sibling_idx').on('learning_cards').column('sibling_group').execute();
  await db.schema.createIndex('learning_cards_image_idx').on('learning_cards').column('image_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('learning_cards_image_idx').execute();
  await db.schema.dropIndex('learning_cards_sibling_idx').execute();
  for (const column of ['image_id', 'occlusion', 'cloze', 'sibling_group', 'kind'])
    await db.schema.alterTable('learning_cards').dropColumn(column).execute();
  await db.schema.dropIndex('learning_card_images_user_idx').execute();
  await db.schema.dropTable('learning_card_images').execute();
}
