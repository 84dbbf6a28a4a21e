import { sql, type Kysely } from 'kysely';
import { isPostgres, TEXT, TIMESTAMP, withId } from '../migration-helpers.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  await withId(db, db.schema.createTable('shares'))
    .addColumn('uuid', 'varchar(36)', (c) => c.notNull().unique())
    .addColumn('tree_id', 'integer', (c) => c.unique().references('trees.id').onDelete('set null'))
    .addColumn('author_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('description', TEXT, (c) => c.notNull().defaultTo(''))
    .addColumn('tags', TEXT, (c) => c.notNull().defaultTo('[]'))
    .addColumn('search_text', TEXT, (c) => c.notNull().defaultTo(''))
    .addColumn('node_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('cover_key', 'varchar(200)')
    .addColumn('likes_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('rating_sum', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('rating_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('rating_avg', pg ? 'double precision' : 'real', (c) => c.notNull().defaultTo(0))
    .addColumn('views_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('uses_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('hot_score', pg ? 'double precision' : 'real', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', TIMESTAMP, (c) => c.notNull())
    .addColumn('updated_at', TIMESTAMP, (c) => c.notNull())
    .execute();
  // Every ordering of the list has its own index; `id` breaks ties so pages are stable.
  for (const column of ['created_at', 'likes_count', 'rating_avg', 'views_count', 'uses_count', 'hot_score']) {
    await db.schema
      .createIndex(`shares_${column}_idx`)
      .on('shares')
      .columns([`${column} desc`, 'id desc'])
      .execute();
  }
  // Snapshots can be megabytes: kept out of `shares` so lists, counts and sorts read small rows.
  await db.schema
    .createTable('share_snapshots')
    .addColumn('share_id', 'integer', (c) => c.primaryKey().references('shares.id').onDelete('cascade'))
    .addColumn('data', TEXT, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('shares_author_idx').on('shares').columns(['author_id', 'created_at desc']).execute();

  await db.schema
    .createTable('share_tags')
    .addColumn('share_id', 'integer', (c) => c.notNull().references('shares.id').onDelete('cascade'))
    .addColumn('tag', 'varchar(30)', (c) => c.notNull())
    .addColumn('display', 'varchar(30)', (c) => c.notNull())
    .addColumn('created_at', TIMESTAMP, (c) => c.notNull())
    .addPrimaryKeyConstraint('share_tags_pk', ['share_id', 'tag'])
    .execute();
  await db.schema.createIndex('share_tags_tag_idx').on('share_tags').columns(['tag', 'share_id']).execute();

  for (const table of ['share_likes', 'share_ratings']) {
    let builder = db.schema
      .createTable(table)
      .addColumn('share_id', 'integer', (c) => c.notNull().references('shares.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('created_at', TIMESTAMP, (c) => c.notNull());
    if (table === 'share_ratings') {
      builder = builder
        .addColumn('score', 'integer', (c) => c.notNull())
        .addColumn('updated_at', TIMESTAMP, (c) => c.notNull());
    }
    await builder.addPrimaryKeyConstraint(`${table}_pk`, ['share_id', 'user_id']).execute();
    await db.schema.createIndex(`${table}_user_idx`).on(table).column('user_id').execute();
  }

  await db.schema
    .createTable('share_views')
    .addColumn('share_id', 'integer', (c) => c.notNull().references('shares.id').onDelete('cascade'))
    .addColumn('viewer_key', 'varchar(80)', (c) => c.notNull())
    .addColumn('viewed_at', TIMESTAMP, (c) => c.notNull())
    .addPrimaryKeyConstraint('share_views_pk', ['share_id', 'viewer_key'])
    .execute();

  // Substring search that works without spaces between words (Chinese, Japanese):
  // trigram indexes on both dialects; queries use LIKE '%term%' so results are identical.
  if (pg) {
    await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);
    await sql`CREATE INDEX shares_search_trgm_idx ON shares USING gin (search_text gin_trgm_ops)`.execute(db);
  } else {
    await sql`CREATE VIRTUAL TABLE shares_fts USING fts5(search_text, content='shares', content_rowid='id', tokenize='trigram')`.execute(
      db,
    );
    await sql`CREATE TRIGGER shares_fts_insert AFTER INSERT ON shares BEGIN
      INSERT INTO shares_fts(rowid, search_text) VALUES (new.id, new.search_text); END`.execute(db);
    await sql`CREATE TRIGGER shares_fts_delete AFTER DELETE ON shares BEGIN
      INSERT INTO shares_fts(shares_fts, rowid, search_text) VALUES ('delete', old.id, old.search_text); END`.execute(
      db,
    );
    await sql`CREATE TRIGGER shares_fts_update AFTER UPDATE OF search_text ON shares BEGIN
      INSERT INTO shares_fts(shares_fts, rowid, search_text) VALUES ('delete', old.id, old.search_text);
      INSERT INTO shares_fts(rowid, search_text) VALUES (new.id, new.search_text); END`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) await sql`DROP TABLE IF EXISTS shares_fts`.execute(db);
  for (const table of ['share_views', 'share_ratings', 'share_likes', 'share_tags', 'share_snapshots', 'shares']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
