import { randomUUID } from 'node:crypto';
import type { Deps } from '../../deps.ts';
import { tokenNotValid } from '../../lib/http-errors.ts';
import { signToken, verifyToken } from '../../lib/jwt.ts';
import { findUserById } from './accounts.repository.ts';
import {
  deleteExpiredRefreshTokens,
  findRefreshToken,
  insertRefreshToken,
  revokeFamily,
  revokeToken,
  revokeTokensOfUser,
} from './tokens.repository.ts';

/** A new access token and a tracked refresh token (a new family unless rotating within one). */
export async function issueTokenPair(deps: Deps, userId: number, family: string = randomUUID()) {
  const { config } = deps;
  const refresh = await signToken(config.jwtSecret, 'refresh', userId, config.refreshTokenTtlS, { fam: family });
  await insertRefreshToken(deps.db, {
    jti: refresh.jti,
    userId,
    family,
    expiresAt: refresh.expiresAt.toISOString(),
  });
  // Expired refresh tokens are refused by their signature check already; their rows can go.
  if (Math.random() < 0.02) await deleteExpiredRefreshTokens(deps.db);
  const access = await signToken(config.jwtSecret, 'access', userId, config.accessTokenTtlS);
  return { access: access.token, refresh: refresh.token };
}

/** Revokes every refresh token of an account (password reset, deactivation). */
export async function revokeAllRefreshTokens(deps: Pick<Deps, 'db'>, userId: number) {
  await revokeTokensOfUser(deps.db, userId);
}

/**
 * Rotation: the presented refresh token is revoked and replaced by a new one in the same family.
 * A token that was already rotated is a stolen copy or a replay: its whole family is revoked.
 */
export async function rotateRefreshToken(deps: Deps, token: string) {
  const { config } = deps;
  const claims = await verifyToken(config.jwtSecret, token, 'refresh');
  if (!claims) throw tokenNotValid('Token is invalid or expired');
  const row = await findRefreshToken(deps.db, claims.jti);
  if (!row || String(row.user_id) !== claims.sub) throw tokenNotValid('Token is invalid or expired');
  if (row.revoked_at) {
    if (row.replaced_by) await revokeFamily(deps.db, row.family);
    throw tokenNotValid('Token is blacklisted');
  }
  const user = await findUserById(deps.db, row.user_id);
  if (!user?.is_active) throw tokenNotValid('Token is invalid or expired');

  const next = await signToken(config.jwtSecret, 'refresh', row.user_id, config.refreshTokenTtlS, { fam: row.family });
  const rotated = await deps.db.transaction().execute(async (trx) => {
    if (!(await revokeToken(trx, row.jti, next.jti))) return false;
    await insertRefreshToken(trx, {
      jti: next.jti,
      userId: row.user_id,
      family: row.family,
      expiresAt: next.expiresAt.toISOString(),
    });
    return true;
  });
  if (!rotated) {
    // Two refreshes raced with the same token: one of them is not the legitimate client.
    await revokeFamily(deps.db, row.family);
    throw tokenNotValid('Token is blacklisted');
  }
  const access = await signToken(config.jwtSecret, 'access', row.user_id, config.accessTokenTtlS);
  return { access: access.token, refresh: next.token };
}

/** True for a well-signed, unexpired access token, or refresh token that is still tracked and not revoked. */
export async function isTokenValid(deps: Deps, token: string): Promise<boolean> {
  const { config } = deps;
  if (await verifyToken(config.jwtSecret, token, 'access')) return true;
  const claims = await verifyToken(config.jwtSecret, token, 'refresh');
  if (!claims) return false;
  const row = await findRefreshToken(deps.db, claims.jti);
  return Boolean(row && !row.revoked_at);
}

/** Logout: revokes the given refresh token when it is the caller's; anything else is a no-op. */
export async function revokeRefreshToken(deps: Deps, token: string, userId: number) {
  const claims = await verifyToken(deps.config.jwtSecret, token, 'refresh');
  if (!claims || claims.sub !== String(userId)) return;
  await revokeToken(deps.db, claims.jti);
}
