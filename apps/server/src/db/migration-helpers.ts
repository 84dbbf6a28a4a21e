import type { ColumnDefinitionBuilder, CreateTableBuilder, Kysely } from 'kysely';
import { PostgresAdapter } from 'kysely';

/** True when a migration runs on PostgreSQL (migrations otherwise write portable schema-builder code). */
export function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** Adds an auto-incrementing integer primary key `id` on either dialect. */
export function withId<T extends string>(db: Kysely<unknown>, table: CreateTableBuilder<T, never>) {
  return isPostgres(db)
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

/** Column type for large text (documents, Markdown). */
export const TEXT = 'text';
/** Timestamps are ISO 8601 UTC strings on both dialects, so they sort and compare the same way. */
export const TIMESTAMP = 'varchar(32)';
export const notNull = (c: ColumnDefinitionBuilder) => c.notNull();
