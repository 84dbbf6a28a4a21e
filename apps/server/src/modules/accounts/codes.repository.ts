import type { Executor } from '../../db/connection.ts';
import type { OneTimeCodesTable } from '../../db/tables/accounts.ts';
import type { Selectable } from 'kysely';

export type CodeChannel = 'email' | 'sms';
type CodeRow = Selectable<OneTimeCodesTable>;

/** Retires every unused code for an address and purpose. */
export async function retireCodes(
  db: Executor,
  key: { channel: CodeChannel; address: string; purpose: string },
  now: string,
): Promise<void> {
  await db
    .updateTable('one_time_codes')
    .set({ consumed_at: now })
    .where('channel', '=', key.channel)
    .where('address', '=', key.address)
    .where('purpose', '=', key.purpose)
    .where('consumed_at', 'is', null)
    .execute();
}

/** Stores the hash of a new code. */
export async function insertCode(
  db: Executor,
  row: { channel: CodeChannel; address: string; purpose: string; codeHash: string; expiresAt: string },
  now: string,
): Promise<void> {
  await db
    .insertInto('one_time_codes')
    .values({
      channel: row.channel,
      address: row.address,
      purpose: row.purpose,
      code_hash: row.codeHash,
      expires_at: row.expiresAt,
      consumed_at: null,
      created_at: now,
    })
    .execute();
}

/** Deletes codes that expired before `before` (an hour ago, as the service calls it). */
export async function deleteExpiredCodes(db: Executor, before: string): Promise<void> {
  await db.deleteFrom('one_time_codes').where('expires_at', '<', before).execute();
}

/** The latest unused code for an address and purpose. */
export function latestActiveCode(
  db: Executor,
  channel: CodeChannel,
  address: string,
  purpose: string,
): Promise<CodeRow | undefined> {
  return db
    .selectFrom('one_time_codes')
    .selectAll()
    .where('channel', '=', channel)
    .where('address', '=', address)
    .where('purpose', '=', purpose)
    .where('consumed_at', 'is', null)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/**
 * Takes one of the code's tries before comparing, atomically, so parallel guesses cannot exceed the
 * limit; false when none is left. A right guess gives its try back (`returnTry`).
 */
export async function takeTry(db: Executor, id: number, maxTries: number): Promise<boolean> {
  const result = await db
    .updateTable('one_time_codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .where('attempts', '<', maxTries)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Gives back the try a right guess took. */
export async function returnTry(db: Executor, id: number): Promise<void> {
  await db
    .updateTable('one_time_codes')
    .set((eb) => ({ attempts: eb('attempts', '-', 1) }))
    .where('id', '=', id)
    .execute();
}

/** Marks a code used; false when another request used it first. */
export async function markConsumed(db: Executor, id: number, now: string): Promise<boolean> {
  const result = await db
    .updateTable('one_time_codes')
    .set({ consumed_at: now })
    .where('id', '=', id)
    .where('consumed_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
