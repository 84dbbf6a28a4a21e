import { randomUUID } from 'node:crypto';
import type { Deps } from '../../deps.ts';
import { tokenNotValid } from '../../lib/http-errors.ts';
import { signToken, verifyToken } from '../../lib/jwt.ts';
import { bumpSessionVersion, findUserById } from './accounts.repository.ts';
import {
  deleteExpiredRefreshTokens,
  findRefreshToken,
  insertRefreshToken,
  revokeFamily,
  revokeToken,
  revokeTokensOfUser,
} from './tokens.repository.ts';

/** An access token stamped with the account's current session version (`plugins/auth.ts` checks it). */
async function signAccessToken(deps: Deps, userId: number, sessionVersion?: number) {
  const sv = sessionVersion ?? (await findUserById(deps.db, userId))?.session_version ?? 0;
  return signToken(deps.config.jwtSecret, 'access', userId, deps.config.accessTokenTtlS, { sv });
}

/** A new access token and a tracked refresh token (a new family unless rotating within one). */
export async function issueTokenPair(deps: Deps, userId: number, family: string = randomUUID()) {
  const { config } = deps;
  const refresh = await signToken(config.jwtSecret, 'refresh', userId, config.refreshTokenTtlS, { fam: family });
  const now = deps.clock.nowIso();
  await insertRefreshToken(
    deps.db,
    { jti: refresh.jti, userId, family, expiresAt: refresh.expiresAt.toISOString() },
    now,
  );
  // Expired refresh tokens are refused by their signature check already; their rows can go.
  if (Math.random() < 0.02) await deleteExpiredRefreshTokens(deps.db, now);
  const access = await signAccessToken(deps, userId);
  return { access: access.token, refresh: refresh.token };
}

/** Revokes every refresh token of an account (deactivation: its access tokens fail on `is_active`). */
export async function revokeAllRefreshTokens(deps: Pick<Deps, 'db' | 'clock'>, userId: number) {
  await revokeTokensOfUser(deps.db, userId, deps.clock.nowIso());
}

/** Ends every session of an account at once (password reset): its access and refresh tokens stop working. */
export async function endAllSessions(deps: Pick<Deps, 'db' | 'clock'>, userId: number) {
  await deps.db.transaction().execute(async (trx) => {
    await bumpSessionVersion(trx, userId);
    await revokeTokensOfUser(trx, userId, deps.clock.nowIso());
  });
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
    if (row.replaced_by) await revokeFamily(deps.db, row.family, deps.clock.nowIso());
    throw tokenNotValid('Token is blacklisted');
  }
  const user = await findUserById(deps.db, row.user_id);
  if (!user?.is_active) throw tokenNotValid('Token is invalid or expired');

  const next = await signToken(config.jwtSecret, 'refresh', row.user_id, config.refreshTokenTtlS, { fam: row.family });
  const now = deps.clock.nowIso();
  const rotated = await deps.db.transaction().execute(async (trx) => {
    if (!(await revokeToken(trx, row.jti, now, next.jti))) return false;
    await insertRefreshToken(
      trx,
      { jti: next.jti, userId: row.user_id, family: row.family, expiresAt: next.expiresAt.toISOString() },
      now,
    );
    return true;
  });
  if (!rotated) {
    // Two refreshes raced with the same token: one of them is not the legitimate client.
    await revokeFamily(deps.db, row.family, deps.clock.nowIso());
    throw tokenNotValid('Token is blacklisted');
  }
  const access = await signAccessToken(deps, row.user_id, user.session_version);
  return { access: access.token, refresh: next.token };
}

/**
 * True for a well-signed, unexpired access token of an active account whose sessions were not ended
 * since (as `plugins/auth.ts` checks), or a refresh token that is still tracked and not revoked.
 */
export async function isTokenValid(deps: Deps, token: string): Promise<boolean> {
  const { config } = deps;
  const access = await verifyToken(config.jwtSecret, token, 'access');
  if (access) {
    const user = await findUserById(deps.db, Number(access.sub));
    return Boolean(user?.is_active && user.session_version === (access.sv ?? 0));
  }
  const claims = await verifyToken(config.jwtSecret, token, 'refresh');
  if (!claims) return false;
  const row = await findRefreshToken(deps.db, claims.jti);
  return Boolean(row && !row.revoked_at);
}

/**
 * Logout: the caller's access tokens end at once (the session version moves on), and the given
 * refresh token, when it is the caller's, is revoked with its whole family (the session). Other
 * sessions keep their refresh tokens: their next refresh issues an access token of the new version.
 */
export async function logout(deps: Deps, token: string, userId: number) {
  const claims = await verifyToken(deps.config.jwtSecret, token, 'refresh');
  await deps.db.transaction().execute(async (trx) => {
    await bumpSessionVersion(trx, userId);
    if (claims?.sub !== String(userId)) return;
    const now = deps.clock.nowIso();
    await revokeToken(trx, claims.jti, now);
    if (claims.fam) await revokeFamily(trx, claims.fam, now);
  });
  await deps.events.publish(deps.db, 'user.sessions_ended', { userId, reason: 'logout' });
}
