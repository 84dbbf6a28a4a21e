import type { Executor } from '../../db/connection.ts';
import type { CodeChannel } from './codes.repository.ts';

/** An email address or a phone number row, with its address under one name. */
export interface AddressRow {
  id: number;
  user_id: number;
  address: string;
  is_primary: number;
  verified: number;
}

/** The user's addresses of one channel, oldest first. */
export function listAddressRows(db: Executor, channel: CodeChannel, userId: number): Promise<AddressRow[]> {
  return channel === 'email'
    ? db
        .selectFrom('email_addresses')
        .select(['id', 'user_id', 'email as address', 'is_primary', 'verified'])
        .where('user_id', '=', userId)
        .orderBy('id')
        .execute()
    : db
        .selectFrom('phone_numbers')
        .select(['id', 'user_id', 'phone as address', 'is_primary', 'verified'])
        .where('user_id', '=', userId)
        .orderBy('id')
        .execute();
}

/** One address row by id, whoever owns it. */
export function findAddressRow(db: Executor, channel: CodeChannel, id: number): Promise<AddressRow | undefined> {
  return channel === 'email'
    ? db
        .selectFrom('email_addresses')
        .select(['id', 'user_id', 'email as address', 'is_primary', 'verified'])
        .where('id', '=', id)
        .executeTakeFirst()
    : db
        .selectFrom('phone_numbers')
        .select(['id', 'user_id', 'phone as address', 'is_primary', 'verified'])
        .where('id', '=', id)
        .executeTakeFirst();
}

/** The user's most recently added address of one channel (the next primary when the primary goes). */
export function findNewestAddressRow(
  db: Executor,
  channel: CodeChannel,
  userId: number,
): Promise<{ id: number; address: string } | undefined> {
  return channel === 'email'
    ? db
        .selectFrom('email_addresses')
        .select(['id', 'email as address'])
        .where('user_id', '=', userId)
        .orderBy('id', 'desc')
        .executeTakeFirst()
    : db
        .selectFrom('phone_numbers')
        .select(['id', 'phone as address'])
        .where('user_id', '=', userId)
        .orderBy('id', 'desc')
        .executeTakeFirst();
}

/** Adds an address row to a user. */
export async function insertAddress(
  db: Executor,
  channel: CodeChannel,
  row: { userId: number; address: string; isPrimary: boolean },
  now: string,
): Promise<void> {
  const values = { user_id: row.userId, is_primary: row.isPrimary ? 1 : 0, created_at: now };
  if (channel === 'email')
    await db
      .insertInto('email_addresses')
      .values({ ...values, email: row.address })
      .execute();
  else
    await db
      .insertInto('phone_numbers')
      .values({ ...values, phone: row.address })
      .execute();
}

/** Removes an address from one user. */
export async function deleteAddressOfUser(
  db: Executor,
  channel: CodeChannel,
  userId: number,
  address: string,
): Promise<void> {
  if (channel === 'email')
    await db.deleteFrom('email_addresses').where('user_id', '=', userId).where('email', '=', address).execute();
  else await db.deleteFrom('phone_numbers').where('user_id', '=', userId).where('phone', '=', address).execute();
}

/** Removes an address from whichever account holds it. */
export async function deleteAddressAnywhere(db: Executor, channel: CodeChannel, address: string): Promise<void> {
  if (channel === 'email') await db.deleteFrom('email_addresses').where('email', '=', address).execute();
  else await db.deleteFrom('phone_numbers').where('phone', '=', address).execute();
}

/** Makes none of the user's addresses of one channel primary. */
export async function clearPrimaryAddress(db: Executor, channel: CodeChannel, userId: number): Promise<void> {
  await db
    .updateTable(channel === 'email' ? 'email_addresses' : 'phone_numbers')
    .set({ is_primary: 0 })
    .where('user_id', '=', userId)
    .execute();
}

/** Marks one address row primary. */
export async function markAddressPrimary(db: Executor, channel: CodeChannel, id: number): Promise<void> {
  await db
    .updateTable(channel === 'email' ? 'email_addresses' : 'phone_numbers')
    .set({ is_primary: 1 })
    .where('id', '=', id)
    .execute();
}
