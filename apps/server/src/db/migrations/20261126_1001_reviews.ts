import { sql, type Kysely } from 'kysely';
import { TEXT, TIMESTAMP, withId } from '../migration-helpers.ts';

/**
 * Written reviews (API.md "Community review"). A review is the reviewer's rating with a text, so
 * `share_ratings` gains the review's columns and a row id (a review is addressed by id) instead of a
 * second table: `rating_avg` keeps counting each user once. Neither dialect adds a primary key to a
 * filled table the same way, so the table is rebuilt: a new one with `id`, the rows copied (oldest
 * first), the old one dropped and the new one renamed. Existing ratings keep their scores and dates
 * and have no text.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('share_ratings_next'))
    .addColumn('share_id', 'integer', (c) => c.notNull().references('shares.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('score', 'integer', (c) => c.notNull())
    .addColumn('body', TEXT)
    .addColumn('helpful_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('reply_body', TEXT)
    .addColumn('reply_created_at', TIMESTAMP)
    .addColumn('reply_updated_at', TIMESTAMP)
    .addColumn('created_at', TIMESTAMP, (c) => c.notNull())
    .addColumn('updated_at', TIMESTAMP, (c) => c.notNull())
    .addUniqueConstraint('share_ratings_share_user_uq', ['share_id', 'user_id'])
    .execute();
  await sql`INSERT INTO share_ratings_next (share_id, user_id, score, created_at, updated_at)
    SELECT share_id, user_id, score, created_at, updated_at FROM share_ratings
    ORDER BY created_at, share_id, user_id`.execute(db);
  await db.schema.dropTable('share_ratings').execute();
  await db.schema.alterTable('share_ratings_next').renameTo('share_ratings').execute();
  await db.schema.createIndex('share_ratings_user_idx').on('share_ratings').column('user_id').execute();

  // One index per ordering of a template's review list, over reviews only (rows with a text): the
  // first page is read from the index in order; `id` breaks ties so pages are stable. The rating
  // index also serves `rating=` and, read backwards, the ascending `rating` ordering.
  const orderings: Array<[name: string, column: string]> = [
    ['helpful', 'helpful_count'],
    ['created', 'created_at'],
    ['rating', 'score'],
  ];
  for (const [name, column] of orderings) {
    await db.schema
      .createIndex(`share_reviews_${name}_idx`)
      .on('share_ratings')
      .columns(['share_id', `${column} desc`, 'id desc'])
      .where(sql.ref('body'), 'is not', null)
      .execute();
  }

  await db.schema
    .createTable('review_helpful_votes')
    .addColumn('review_id', 'integer', (c) => c.notNull().references('share_ratings.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', TIMESTAMP, (c) => c.notNull())
    .addPrimaryKeyConstraint('review_helpful_votes_pk', ['review_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('review_helpful_votes_user_idx')
    .on('review_helpful_votes')
    .columns(['user_id', 'review_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('review_helpful_votes').execute();
  await db.schema
    .createTable('share_ratings_prev')
    .addColumn('share_id', 'integer', (c) => c.notNull().references('shares.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', TIMESTAMP, (c) => c.notNull())
    .addColumn('score', 'integer', (c) => c.notNull())
    .addColumn('updated_at', TIMESTAMP, (c) => c.notNull())
    .addPrimaryKeyConstraint('share_ratings_prev_pk', ['share_id', 'user_id'])
    .execute();
  await sql`INSERT INTO share_ratings_prev (share_id, user_id, created_at, score, updated_at)
    SELECT share_id, user_id, created_at, score, updated_at FROM share_ratings`.execute(db);
  await db.schema.dropTable('share_ratings').execute();
  await db.schema.alterTable('share_ratings_prev').renameTo('share_ratings').execute();
  await db.schema.createIndex('share_ratings_user_idx').on('share_ratings').column('user_id').execute();
}
