import { sql, type Kysely } from 'kysely';
import { TEXT, TIMESTAMP, isPostgres, withId } from '../migration-helpers.ts';

/**
 * Template revisions (API.md "Template history and suggestions"): every share and re-share of a
 * template is a revision, stored like tree versions as forward delta chains (`lib/delta-chain.ts`),
 * with its changelog line and change counts against the revision before. `share_snapshots` stays the
 * read path of the template page; `shares.revision` is the number of the current one. Every existing
 * share gets revision 1 from its current snapshot (earlier snapshots were never kept).
 * `share_contributors` credits the authors of accepted suggestions. The feed reads revisions from now
 * on, so `share_revision_events` (re-shares recorded for it) goes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('shares')
    .addColumn('revision', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();

  await withId(db, db.schema.createTable('share_revisions'))
    .addColumn('share_id', 'integer', (c) => c.notNull().references('shares.id').onDelete('cascade'))
    .addColumn('revision', 'integer', (c) => c.notNull())
    .addColumn('message', TEXT, (c) => c.notNull().defaultTo(''))
    .addColumn('node_count', 'integer', (c) => c.notNull())
    .addColumn('added', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('removed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('changed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('moved', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', TIMESTAMP, (c) => c.notNull())
    .addColumn('storage', 'varchar(16)', (c) => c.notNull())
    .addColumn('snapshot_id', 'integer')
    .addColumn('payload', TEXT, (c) => c.notNull())
    .addColumn('payload_bytes', 'integer', (c) => c.notNull())
    .addUniqueConstraint('share_revisions_share_revision_uq', ['share_id', 'revision'])
    .execute();
  // The deltas of a chain, in order (rebuilding a revision, measuring a chain).
  await db.schema
    .createIndex('share_revisions_snapshot_idx')
    .on('share_revisions')
    .columns(['snapshot_id', 'revision'])
    .execute();
  // The feed: revisions of followed authors' templates, newest first.
  await db.schema.createIndex('share_revisions_created_idx').on('share_revisions').columns(['created_at']).execute();

  const bytes = isPostgres(db) ? sql`octet_length(ss.data)` : sql`length(CAST(ss.data AS BLOB))`;
  await sql`
    INSERT INTO share_revisions
      (share_id, revision, message, node_count, added, removed, changed, moved, created_at, storage, snapshot_id, payload, payload_bytes)
    SELECT s.id, 1, '', s.node_count, s.node_count, 0, 0, 0, s.created_at, 'snapshot', NULL, ss.data, ${bytes}
    FROM shares s JOIN share_snapshots ss ON ss.share_id = s.id`.execute(db);

  await db.schema
    .createTable('share_contributors')
    .addColumn('share_id', 'integer', (c) => c.notNull().references('shares.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', TIMESTAMP, (c) => c.notNull())
    .addPrimaryKeyConstraint('share_contributors_pk', ['share_id', 'user_id'])
    .execute();

  await db.schema.dropTable('share_revision_events').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
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
  // Re-shares after the first are what the old table recorded.
  await sql`
    INSERT INTO share_revision_events (share_id, author_id, created_at)
    SELECT r.share_id, s.author_id, r.created_at
    FROM share_revisions r JOIN shares s ON s.id = r.share_id
    WHERE r.revision > 1 ORDER BY r.id`.execute(db);
  await db.schema.dropTable('share_contributors').execute();
  await db.schema.dropTable('share_revisions').execute();
  await db.schema.alterTable('shares').dropColumn('revision').execute();
}
