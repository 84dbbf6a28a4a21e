import type { Selectable } from 'kysely';
import type { Executor } from '../../db/connection.ts';
import type { ProfilesTable } from '../../db/tables/accounts.ts';

export type ProfileRow = Selectable<ProfilesTable>;

/** The user's profile, created empty on first use (accounts made by the CLI or by other features have none yet). */
export async function ensureProfile(db: Executor, userId: number, now: string): Promise<ProfileRow> {
  const existing = await findProfileOfUser(db, userId);
  if (existing) return existing;
  await db
    .insertInto('profiles')
    .values({ user_id: userId, avatar_key: null, created_at: now, updated_at: now })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
  return db.selectFrom('profiles').selectAll().where('user_id', '=', userId).executeTakeFirstOrThrow();
}

/** The user's profile, when it has one. */
export function findProfileOfUser(db: Executor, userId: number): Promise<ProfileRow | undefined> {
  return db.selectFrom('profiles').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

/** A profile by its own id. */
export function findProfileById(db: Executor, id: number): Promise<ProfileRow | undefined> {
  return db.selectFrom('profiles').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Changes the editable columns of a profile. */
export async function updateProfile(
  db: Executor,
  id: number,
  fields: Partial<Pick<ProfileRow, 'nickname' | 'bio' | 'locale' | 'avatar_key'>>,
  now: string,
) {
  await db
    .updateTable('profiles')
    .set({ ...fields, updated_at: now })
    .where('id', '=', id)
    .execute();
}

/** Deletes a profile row. */
export async function deleteProfile(db: Executor, id: number) {
  await db.deleteFrom('profiles').where('id', '=', id).execute();
}
