import type { Kysely } from 'kysely';

/**
 * Named counters that a process bumps whenever data behind an in-process cache changes
 * (`lib/cache/generations.ts`). Readers put the current value into their cache keys, so a change
 * made through one app process invalidates the caches of every other process at once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('cache_generations')
    .addColumn('name', 'varchar(100)', (c) => c.primaryKey())
    .addColumn('value', 'integer', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('cache_generations').execute();
}
