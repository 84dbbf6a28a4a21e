import type { Selectable } from 'kysely';
import type { Executor } from '../../db/connection.ts';
import type { RefreshTokensTable } from '../../db/tables/accounts.ts';

type RefreshTokenRow = Selectable<RefreshTokensTable>;

/** Tracks a newly signed refresh token. */
export async function insertRefreshToken(
  db: Executor,
  token: { jti: string; userId: number; family: string; expiresAt: string },
  now: string,
): Promise<void> {
  await db
    .insertInto('refresh_tokens')
    .values({
      jti: token.jti,
      user_id: token.userId,
      family: token.family,
      expires_at: token.expiresAt,
      revoked_at: null,
      replaced_by: null,
      created_at: now,
    })
    .execute();
}

/** Deletes the rows of expired refresh tokens. */
export async function deleteExpiredRefreshTokens(db: Executor, now: string): Promise<void> {
  await db.deleteFrom('refresh_tokens').where('expires_at', '<', now).execute();
}

/** The tracked refresh token with that id. */
export function findRefreshToken(db: Executor, jti: string): Promise<RefreshTokenRow | undefined> {
  return db.selectFrom('refresh_tokens').selectAll().where('jti', '=', jti).executeTakeFirst();
}

/** Whether a family still has a refresh token that is neither revoked nor expired (its session goes on). */
export async function familyIsLive(db: Executor, family: string, now: string): Promise<boolean> {
  const row = await db
    .selectFrom('refresh_tokens')
    .select('jti')
    .where('family', '=', family)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Revokes every still-valid token of a family. */
export async function revokeFamily(db: Executor, family: string, now: string): Promise<void> {
  await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: now })
    .where('family', '=', family)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Revokes every still-valid token of a user. */
export async function revokeTokensOfUser(db: Executor, userId: number, now: string): Promise<void> {
  await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: now })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Revokes one token unless it already was; `replacedBy` names its successor. True when this call revoked it. */
export async function revokeToken(db: Executor, jti: string, now: string, replacedBy?: string): Promise<boolean> {
  const result = await db
    .updateTable('refresh_tokens')
    .set(replacedBy ? { revoked_at: now, replaced_by: replacedBy } : { revoked_at: now })
    .where('jti', '=', jti)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
