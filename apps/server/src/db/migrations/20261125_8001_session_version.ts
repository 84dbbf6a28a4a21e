import type { Kysely } from 'kysely';

/**
 * `users.session_version`: every access token carries the version it was issued under, and the
 * auth plugin refuses a token whose version is no longer the row's. Logout and a password reset bump
 * it, so access tokens end at once instead of living out their 15 minutes (API.md "Tokens").
 * Tokens issued before this column existed carry no version and count as version 0.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('session_version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('session_version').execute();
}
