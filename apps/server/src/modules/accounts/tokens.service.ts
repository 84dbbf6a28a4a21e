import { randomUUID } from 'node:crypto';
import type { Config } from '../../config.ts';
import type { DB } from '../../db/connection.ts';
import { nowIso } from '../../lib/clock.ts';
import { tokenNotValid } from '../../lib/http-errors.ts';
import { signToken, verifyToken } from '../../lib/jwt.ts';

type TokenConfig = Pick<Config, 'jwtSecret' | 'accessTokenTtlS' | 'refreshTokenTtlS'>;

/** A new access token and a tracked refresh token (a new family unless rotating within one). */
export async function issueTokenPair(db: DB, config: TokenConfig, userId: number, family: string = randomUUID()) {
  const refresh = await signToken(config.jwtSecret, 'refresh', userId, config.refreshTokenTtlS, { fam: family });
  await db
    .insertInto('refresh_tokens')
    .values({
      jti: refresh.jti,
      user_id: userId,
      family,
      expires_at: refresh.expiresAt.toISOString(),
      revoked_at: null,
      replaced_by: null,
      created_at: nowIso(),
    })
    .execute();
  // Expired refresh tokens are refused by their signature check already; their rows can go.
  if (Math.random() < 0.02) await db.deleteFrom('refresh_tokens').where('expires_at', '<', nowIso()).execute();
  const access = await signToken(config.jwtSecret, 'access', userId, config.accessTokenTtlS);
  return { access: access.token, refresh: refresh.token };
}

async function revokeFamily(db: DB, family: string) {
  await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: nowIso() })
    .where('family', '=', family)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Revokes every refresh token of an account (password reset, deactivation). */
export async function revokeAllRefreshTokens(db: DB, userId: number) {
  await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: nowIso() })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
}

/**
 * Rotation: the presented refresh token is revoked and replaced by a new one in the same family.
 * A token that was already rotated is a stolen copy or a replay: its whole family is revoked.
 */
export async function rotateRefreshToken(db: DB, config: TokenConfig, token: string) {
  const claims = await verifyToken(config.jwtSecret, token, 'refresh');
  if (!claims) throw tokenNotValid('Token is invalid or expired');
  const row = await db.selectFrom('refresh_tokens').selectAll().where('jti', '=', claims.jti).executeTakeFirst();
  if (!row || String(row.user_id) !== claims.sub) throw tokenNotValid('Token is invalid or expired');
  if (row.revoked_at) {
    if (row.replaced_by) await revokeFamily(db, row.family);
    throw tokenNotValid('Token is blacklisted');
  }
  const user = await db
    .selectFrom('users')
    .select(['id', 'is_active'])
    .where('id', '=', row.user_id)
    .executeTakeFirst();
  if (!user?.is_active) throw tokenNotValid('Token is invalid or expired');

  const next = await signToken(config.jwtSecret, 'refresh', row.user_id, config.refreshTokenTtlS, { fam: row.family });
  const rotated = await db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable('refresh_tokens')
      .set({ revoked_at: nowIso(), replaced_by: next.jti })
      .where('jti', '=', row.jti)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return false;
    await trx
      .insertInto('refresh_tokens')
      .values({
        jti: next.jti,
        user_id: row.user_id,
        family: row.family,
        expires_at: next.expiresAt.toISOString(),
        revoked_at: null,
        replaced_by: null,
        created_at: nowIso(),
      })
      .execute();
    return true;
  });
  if (!rotated) {
    // Two refreshes raced with the same token: one of them is not the legitimate client.
    await revokeFamily(db, row.family);
    throw tokenNotValid('Token is blacklisted');
  }
  const access = await signToken(config.jwtSecret, 'access', row.user_id, config.accessTokenTtlS);
  return { access: access.token, refresh: next.token };
}

/** True for a well-signed, unexpired access token, or refresh token that is still tracked and not revoked. */
export async function isTokenValid(db: DB, config: TokenConfig, token: string): Promise<boolean> {
  if (await verifyToken(config.jwtSecret, token, 'access')) return true;
  const claims = await verifyToken(config.jwtSecret, token, 'refresh');
  if (!claims) return false;
  const row = await db
    .selectFrom('refresh_tokens')
    .select(['revoked_at'])
    .where('jti', '=', claims.jti)
    .executeTakeFirst();
  return Boolean(row && !row.revoked_at);
}

/** Logout: revokes the given refresh token when it is the caller's; anything else is a no-op. */
export async function revokeRefreshToken(db: DB, config: TokenConfig, token: string, userId: number) {
  const claims = await verifyToken(config.jwtSecret, token, 'refresh');
  if (!claims || claims.sub !== String(userId)) return;
  await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: nowIso() })
    .where('jti', '=', claims.jti)
    .where('revoked_at', 'is', null)
    .execute();
}
