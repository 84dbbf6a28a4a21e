import type { Deps } from '../../deps.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { invalid, invalidField, notFound } from '../../lib/http-errors.ts';
import { findUserByEmail, findUserById, findUserByPhone, updateUser, type UserRow } from './accounts.repository.ts';
import {
  deleteAddressOfUser,
  findAddressRow,
  findNewestAddressRow,
  insertAddress,
  listAddressRows,
  markAddressPrimary,
  clearPrimaryAddress,
  type AddressRow,
} from './addresses.repository.ts';
import { verifyCode, type CodeChannel } from './codes.service.ts';

/** One channel's addresses, so email addresses and phone numbers share every rule. */
export interface AddressKind {
  channel: CodeChannel;
  column: 'email' | 'phone';
  bindPurpose: 'bind_email' | 'bind_phone';
}
export const EMAIL_KIND: AddressKind = { channel: 'email', column: 'email', bindPurpose: 'bind_email' };
export const PHONE_KIND: AddressKind = { channel: 'sms', column: 'phone', bindPurpose: 'bind_phone' };

/**
 * The user's addresses. The login address in `users` is listed too: accounts created before they had
 * an address row (CLI, admin bootstrap) get it added here.
 */
export async function listAddresses(deps: Deps, kind: AddressKind, userId: number): Promise<AddressRow[]> {
  const user = await findUserById(deps.db, userId);
  const login = user?.[kind.column];
  let rows = await listAddressRows(deps.db, kind.channel, userId);
  if (login && !rows.some((r) => r.address === login)) {
    await insertAddress(deps.db, kind.channel, { userId, address: login, isPrimary: true }, deps.clock.nowIso());
    rows = await listAddressRows(deps.db, kind.channel, userId);
  }
  return rows;
}

/** One of the user's own addresses; 404 for anyone else's. */
export async function ownAddress(deps: Deps, kind: AddressKind, userId: number, id: number): Promise<AddressRow> {
  const row = await findAddressRow(deps.db, kind.channel, id);
  if (!row || row.user_id !== userId) throw notFound();
  return row;
}

/** Adds a verified address (with a bind code); the first one becomes the login address. */
export async function addAddress(
  deps: Deps,
  kind: AddressKind,
  userId: number,
  address: string,
  code: string,
): Promise<AddressRow> {
  const owner =
    kind.channel === 'email' ? await findUserByEmail(deps.db, address) : await findUserByPhone(deps.db, address);
  if (owner)
    throw invalidField(
      kind.column,
      kind.channel === 'email' ? 'This email address is already in use.' : 'This phone number is already in use.',
    );
  await verifyCode(deps, { channel: kind.channel, address, purpose: kind.bindPurpose, code, consume: true });
  const user = (await findUserById(deps.db, userId))!;
  const primary = !user[kind.column];
  try {
    const now = deps.clock.nowIso();
    await deps.db.transaction().execute(async (trx) => {
      await insertAddress(trx, kind.channel, { userId, address, isPrimary: primary }, now);
      if (primary) await updateUser(trx, userId, { [kind.column]: address }, now);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw invalidField(kind.column, 'Already in use.');
    throw error;
  }
  const rows = await listAddresses(deps, kind, userId);
  return rows.find((r) => r.address === address)!;
}

/** Makes an own address the primary one (the login address). */
export async function makePrimary(deps: Deps, kind: AddressKind, userId: number, id: number): Promise<AddressRow> {
  const row = await ownAddress(deps, kind, userId, id);
  await deps.db.transaction().execute(async (trx) => {
    await clearPrimaryAddress(trx, kind.channel, userId);
    await markAddressPrimary(trx, kind.channel, id);
    await updateUser(trx, userId, { [kind.column]: row.address }, deps.clock.nowIso());
  });
  return ownAddress(deps, kind, userId, id);
}

/** Removes an own address (refused when it is the account's last way to log in). */
export async function deleteAddress(deps: Deps, kind: AddressKind, userId: number, id: number): Promise<void> {
  const row = await ownAddress(deps, kind, userId, id);
  await removeAddress(deps, (await findUserById(deps.db, userId))!, kind.channel, row.address);
}

/** How many ways the account would still have to log in without the given address. */
export async function loginMethodsWithout(
  deps: Deps,
  user: UserRow,
  removed: { email?: string; phone?: string },
): Promise<number> {
  const emails = await listAddressRows(deps.db, 'email', user.id);
  const phones = await listAddressRows(deps.db, 'sms', user.id);
  const emailSet = new Set([...emails.map((e) => e.address), ...(user.email ? [user.email] : [])]);
  const phoneSet = new Set([...phones.map((p) => p.address), ...(user.phone ? [user.phone] : [])]);
  if (removed.email) emailSet.delete(removed.email);
  if (removed.phone) phoneSet.delete(removed.phone);
  return emailSet.size + phoneSet.size + (user.password_hash ? 1 : 0);
}

/** Removes one address of the account; the next remaining one becomes primary when it was primary. */
export async function removeAddress(deps: Deps, user: UserRow, channel: CodeChannel, address: string): Promise<void> {
  const removal = channel === 'email' ? { email: address } : { phone: address };
  if ((await loginMethodsWithout(deps, user, removal)) === 0)
    throw invalid('This would leave the account with no way to log in. Add another email, phone or a password first.');
  const column = channel === 'email' ? 'email' : 'phone';
  await deps.db.transaction().execute(async (trx) => {
    await deleteAddressOfUser(trx, channel, user.id, address);
    if (user[column] === address) {
      const next = await findNewestAddressRow(trx, channel, user.id);
      if (next) await markAddressPrimary(trx, channel, next.id);
      await updateUser(trx, user.id, { [column]: next?.address ?? null }, deps.clock.nowIso());
    }
  });
}
