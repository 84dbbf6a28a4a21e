import type { DB } from '../db/connection.ts';

/** Id, username and avatar key of each of these users (unknown ids are absent). */
export function findUserSummaryRows(db: DB, ids: readonly number[]) {
  return db
    .selectFrom('users')
    .leftJoin('profiles', 'profiles.user_id', 'users.id')
    .select(['users.id', 'users.username', 'profiles.avatar_key'])
    .where('users.id', 'in', [...ids])
    .execute();
}
