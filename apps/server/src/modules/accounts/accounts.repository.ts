import type { Selectable } from 'kysely';
import type { Executor } from '../../db/connection.ts';
import type { UsersTable } from '../../db/tables/users.ts';

export type UserRow = Selectable<UsersTable>;

/** The user with that id. */
export function findUserById(db: Executor, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The account owning an email address: its primary login or any of its bound addresses. */
export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  const direct = await db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
  if (direct) return direct;
  return db
    .selectFrom('users')
    .innerJoin('email_addresses', 'email_addresses.user_id', 'users.id')
    .selectAll('users')
    .where('email_addresses.email', '=', email)
    .executeTakeFirst();
}

/** The account owning a phone number: its primary login or any of its bound numbers. */
export async function findUserByPhone(db: Executor, phone: string): Promise<UserRow | undefined> {
  const direct = await db.selectFrom('users').selectAll().where('phone', '=', phone).executeTakeFirst();
  if (direct) return direct;
  return db
    .selectFrom('users')
    .innerJoin('phone_numbers', 'phone_numbers.user_id', 'users.id')
    .selectAll('users')
    .where('phone_numbers.phone', '=', phone)
    .executeTakeFirst();
}

/** A login is a username (any case), an email or an E.164 phone number. */
export async function findUserByLogin(db: Executor, login: string): Promise<UserRow | undefined> {
  const trimmed = login.trim();
  if (trimmed.includes('@')) return findUserByEmail(db, trimmed.toLowerCase());
  if (/^\+\d+$/.test(trimmed)) return findUserByPhone(db, trimmed);
  return db.selectFrom('users').selectAll().where('username_lower', '=', trimmed.toLowerCase()).executeTakeFirst();
}

/** True when any account has that username (any case). */
export async function usernameTaken(db: Executor, username: string): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('username_lower', '=', username.toLowerCase())
    .executeTakeFirst();
  return Boolean(row);
}

interface NewAccount {
  username: string;
  email?: string | null;
  phone?: string | null;
  passwordHash?: string | null;
  role?: 'user' | 'admin';
  locale?: string;
}

/** Inserts a user with its profile and its verified address rows (inside the caller's transaction). */
export async function insertAccount(trx: Executor, account: NewAccount, now: string): Promise<UserRow> {
  const user = await trx
    .insertInto('users')
    .values({
      username: account.username,
      username_lower: account.username.toLowerCase(),
      email: account.email ?? null,
      phone: account.phone ?? null,
      password_hash: account.passwordHash ?? null,
      role: account.role ?? 'user',
      is_active: 1,
      date_joined: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('profiles')
    .values({
      user_id: user.id,
      created_at: now,
      updated_at: now,
      avatar_key: null,
      ...(account.locale ? { locale: account.locale } : {}),
    })
    .execute();
  if (account.email)
    await trx
      .insertInto('email_addresses')
      .values({ user_id: user.id, email: account.email, is_primary: 1, created_at: now })
      .execute();
  if (account.phone)
    await trx
      .insertInto('phone_numbers')
      .values({ user_id: user.id, phone: account.phone, is_primary: 1, created_at: now })
      .execute();
  return user;
}

/** Ends every access token issued so far (they carry the version they were issued under). */
export async function bumpSessionVersion(db: Executor, id: number): Promise<void> {
  await db
    .updateTable('users')
    .set((eb) => ({ session_version: eb('session_version', '+', 1) }))
    .where('id', '=', id)
    .execute();
}

/** Changes columns of one user (stamping `updated_at` with `now`). */
export async function updateUser(
  db: Executor,
  id: number,
  fields: Partial<Omit<UserRow, 'id' | 'date_joined'>>,
  now: string,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ ...fields, updated_at: now })
    .where('id', '=', id)
    .execute();
}

/** One page of users in id order: everyone, or only `onlyId` (a caller who may see only themself). */
export function listUsers(db: Executor, page: { onlyId?: number; limit: number; offset: number }): Promise<UserRow[]> {
  let query = db.selectFrom('users');
  if (page.onlyId !== undefined) query = query.where('id', '=', page.onlyId);
  return query.selectAll().orderBy('id').limit(page.limit).offset(page.offset).execute();
}

/** Every account's id, username, role and active flag, in id order (the shell's `list-users`). */
export function listAllAccounts(db: Executor) {
  return db.selectFrom('users').select(['id', 'username', 'role', 'is_active']).orderBy('id').execute();
}

/** How many users `listUsers` pages through. */
export async function countUsers(db: Executor, onlyId?: number): Promise<number> {
  let query = db.selectFrom('users');
  if (onlyId !== undefined) query = query.where('id', '=', onlyId);
  const { count } = await query.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  return Number(count);
}

/** Deletes a user row; every row that references it goes by ON DELETE CASCADE. */
export async function deleteUser(db: Executor, id: number): Promise<void> {
  await db.deleteFrom('users').where('id', '=', id).execute();
}

/** The users among `ids` with their name and whether their account is active, in one query. */
export function findUserStates(
  db: Executor,
  ids: number[],
): Promise<Array<{ id: number; username: string; is_active: number }>> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('users').select(['id', 'username', 'is_active']).where('id', 'in', ids).execute();
}
