import type { FastifyInstance } from 'fastify';
import { isUniqueViolation } from '../../db/errors.ts';
import { nowIso } from '../../lib/clock.ts';
import { invalidField, notFound } from '../../lib/http-errors.ts';
import { findUserByEmail, findUserById, findUserByPhone } from './accounts.repository.ts';
import { removeAddress } from './accounts.service.ts';
import { verifyCode, type CodeChannel } from './codes.service.ts';

/** One channel's address table, so email addresses and phone numbers share every rule. */
export interface AddressKind {
  channel: CodeChannel;
  table: 'email_addresses' | 'phone_numbers';
  column: 'email' | 'phone';
  bindPurpose: 'bind_email' | 'bind_phone';
}
export const EMAIL_KIND: AddressKind = {
  channel: 'email',
  table: 'email_addresses',
  column: 'email',
  bindPurpose: 'bind_email',
};
export const PHONE_KIND: AddressKind = {
  channel: 'sms',
  table: 'phone_numbers',
  column: 'phone',
  bindPurpose: 'bind_phone',
};

interface AddressRow {
  id: number;
  user_id: number;
  address: string;
  is_primary: number;
  verified: number;
}

export function presentAddress(kind: AddressKind, row: AddressRow) {
  return {
    id: row.id,
    [kind.column]: row.address,
    primary: Boolean(row.is_primary),
    verified: Boolean(row.verified),
  } as {
    id: number;
    email: string;
    phone: string;
    primary: boolean;
    verified: boolean;
  };
}

async function addressesOf(app: FastifyInstance, kind: AddressKind, userId: number): Promise<AddressRow[]> {
  return kind.table === 'email_addresses'
    ? app.db
        .selectFrom('email_addresses')
        .select(['id', 'user_id', 'email as address', 'is_primary', 'verified'])
        .where('user_id', '=', userId)
        .orderBy('id')
        .execute()
    : app.db
        .selectFrom('phone_numbers')
        .select(['id', 'user_id', 'phone as address', 'is_primary', 'verified'])
        .where('user_id', '=', userId)
        .orderBy('id')
        .execute();
}

async function addressById(app: FastifyInstance, kind: AddressKind, id: number): Promise<AddressRow | undefined> {
  return kind.table === 'email_addresses'
    ? app.db
        .selectFrom('email_addresses')
        .select(['id', 'user_id', 'email as address', 'is_primary', 'verified'])
        .where('id', '=', id)
        .executeTakeFirst()
    : app.db
        .selectFrom('phone_numbers')
        .select(['id', 'user_id', 'phone as address', 'is_primary', 'verified'])
        .where('id', '=', id)
        .executeTakeFirst();
}

/**
 * The user's addresses. The login address in `users` is listed too: accounts created before they had
 * an address row (CLI, admin bootstrap) get it added here.
 */
export async function listAddresses(app: FastifyInstance, kind: AddressKind, userId: number): Promise<AddressRow[]> {
  const user = await findUserById(app.db, userId);
  const login = user?.[kind.column];
  let rows = await addressesOf(app, kind, userId);
  if (login && !rows.some((r) => r.address === login)) {
    const values = { user_id: userId, is_primary: 1, created_at: nowIso() };
    if (kind.table === 'email_addresses')
      await app.db
        .insertInto('email_addresses')
        .values({ ...values, email: login })
        .execute();
    else
      await app.db
        .insertInto('phone_numbers')
        .values({ ...values, phone: login })
        .execute();
    rows = await addressesOf(app, kind, userId);
  }
  return rows;
}

export async function ownAddress(
  app: FastifyInstance,
  kind: AddressKind,
  userId: number,
  id: number,
): Promise<AddressRow> {
  const row = await addressById(app, kind, id);
  if (!row || row.user_id !== userId) throw notFound();
  return row;
}

/** Adds a verified address (with a bind code); the first one becomes the login address. */
export async function addAddress(
  app: FastifyInstance,
  kind: AddressKind,
  userId: number,
  address: string,
  code: string,
): Promise<AddressRow> {
  const owner =
    kind.channel === 'email' ? await findUserByEmail(app.db, address) : await findUserByPhone(app.db, address);
  if (owner)
    throw invalidField(
      kind.column,
      kind.channel === 'email' ? 'This email address is already in use.' : 'This phone number is already in use.',
    );
  await verifyCode(app.db, app.config.secretKey, {
    channel: kind.channel,
    address,
    purpose: kind.bindPurpose,
    code,
    consume: true,
  });
  const user = (await findUserById(app.db, userId))!;
  const primary = user[kind.column] ? 0 : 1;
  try {
    await app.db.transaction().execute(async (trx) => {
      const values = { user_id: userId, is_primary: primary, created_at: nowIso() };
      if (kind.table === 'email_addresses')
        await trx
          .insertInto('email_addresses')
          .values({ ...values, email: address })
          .execute();
      else
        await trx
          .insertInto('phone_numbers')
          .values({ ...values, phone: address })
          .execute();
      if (primary)
        await trx
          .updateTable('users')
          .set({ [kind.column]: address, updated_at: nowIso() })
          .where('id', '=', userId)
          .execute();
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw invalidField(kind.column, 'Already in use.');
    throw error;
  }
  const rows = await listAddresses(app, kind, userId);
  return rows.find((r) => r.address === address)!;
}

/** Makes an own address the primary one (the login address). */
export async function makePrimary(
  app: FastifyInstance,
  kind: AddressKind,
  userId: number,
  id: number,
): Promise<AddressRow> {
  const row = await ownAddress(app, kind, userId, id);
  await app.db.transaction().execute(async (trx) => {
    await trx.updateTable(kind.table).set({ is_primary: 0 }).where('user_id', '=', userId).execute();
    await trx.updateTable(kind.table).set({ is_primary: 1 }).where('id', '=', id).execute();
    await trx
      .updateTable('users')
      .set({ [kind.column]: row.address, updated_at: nowIso() })
      .where('id', '=', userId)
      .execute();
  });
  return ownAddress(app, kind, userId, id);
}

export async function deleteAddress(
  app: FastifyInstance,
  kind: AddressKind,
  userId: number,
  id: number,
): Promise<void> {
  const row = await ownAddress(app, kind, userId, id);
  await removeAddress(app.db, (await findUserById(app.db, userId))!, kind.channel, row.address);
}
