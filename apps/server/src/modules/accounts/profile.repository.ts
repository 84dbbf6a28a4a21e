import type { Selectable } from 'kysely';
import type { DB } from '../../db/connection.ts';
import type { ProfilesTable } from '../../db/tables/accounts.ts';
import { nowIso } from '../../lib/clock.ts';

export type ProfileRow = Selectable<ProfilesTable>;

/** The user's profile, created empty on first use (accounts made by the CLI or by other features have none yet). */
export async function ensureProfile(db: DB, userId: number): Promise<ProfileRow> {
  const existing = await db.selectFrom('profiles').selectAll().where('user_id', '=', userId).executeTakeFirst();
  if (existing) return existing;
  const now = nowIso();
  await db
    .insertInto('profiles')
    .values({ user_id: userId, avatar_key: null, created_at: now, updated_at: now })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
  return db.selectFrom('profiles').selectAll().where('user_id', '=', userId).executeTakeFirstOrThrow();
}

export function findProfileById(db: DB, id: number): Promise<ProfileRow | undefined> {
  return db.selectFrom('profiles').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function updateProfile(
  db: DB,
  id: number,
  fields: Partial<Pick<ProfileRow, 'nickname' | 'bio' | 'locale' | 'avatar_key'>>,
) {
  await db
    .updateTable('profiles')
    .set({ ...fields, updated_at: nowIso() })
    .where('id', '=', id)
    .execute();
}

export async function deleteProfile(db: DB, id: number) {
  await db.deleteFrom('profiles').where('id', '=', id).execute();
}
