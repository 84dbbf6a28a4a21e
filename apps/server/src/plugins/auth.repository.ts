import type { DB } from '../db/connection.ts';

/** What authenticating a token needs of its user: role, active flag and session version. */
export function findTokenUser(db: DB, id: number) {
  return db
    .selectFrom('users')
    .select(['id', 'role', 'is_active', 'session_version'])
    .where('id', '=', id)
    .executeTakeFirst();
}
