import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../migration-helpers.ts';

/**
 * PostgreSQL compresses large text with pglz by default; lz4 (PostgreSQL 14+, when the server is
 * built with it) writes a 2 MB tree document in about half the time for a few percent more bytes.
 * Tree documents, version payloads and share snapshots are the only large columns. SQLite stores
 * text uncompressed, so nothing changes there.
 */
const columns = [
  ['trees', 'data'],
  ['tree_versions', 'payload'],
  ['share_snapshots', 'data'],
] as const;

async function lz4Available(db: Kysely<unknown>): Promise<boolean> {
  const result = await sql<{ ok: boolean }>`
    SELECT 'lz4' = ANY(enumvals) AS ok FROM pg_settings WHERE name = 'default_toast_compression'`.execute(db);
  return result.rows[0]?.ok === true;
}

async function setCompression(db: Kysely<unknown>, method: 'lz4' | 'pglz'): Promise<void> {
  if (!isPostgres(db) || !(await lz4Available(db))) return;
  for (const [table, column] of columns) {
    await sql`ALTER TABLE ${sql.table(table)} ALTER COLUMN ${sql.ref(column)} SET COMPRESSION ${sql.raw(method)}`.execute(
      db,
    );
  }
}

export const up = (db: Kysely<unknown>) => setCompression(db, 'lz4');
export const down = (db: Kysely<unknown>) => setCompression(db, 'pglz');
