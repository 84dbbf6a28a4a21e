import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { isUniqueViolation } from '../../db/errors.ts';
import { nowIso } from '../../lib/clock.ts';
import { invalidField, notFound } from '../../lib/http-errors.ts';
import { processImage } from '../../lib/images.ts';
import { verifyPassword } from '../../lib/passwords/passwords.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { findUserById, type UserRow } from './accounts.repository.ts';
import { revokeAllRefreshTokens } from './tokens.service.ts';
import { removeUserFromCommunity } from '../community/community.service.ts';
import { deleteTreesOfUser } from '../trees/trees.service.ts';
import { ensureProfile, updateProfile } from './profile.repository.ts';
import { authorizeUserAccess } from './profile.policy.ts';

export const AVATAR_LIMITS = { maxBytes: 2 * 1024 * 1024, maxSide: 4096 };
export const AVATAR_SIDE = 256;

/** The account a caller may see (self, or anyone for an admin); 404 otherwise. */
export async function visibleUser(app: FastifyInstance, caller: AuthUser, id: number): Promise<UserRow> {
  authorizeUserAccess(caller, id);
  const user = await findUserById(app.db, id);
  if (!user) throw notFound();
  return user;
}

/** PATCH of an account: the username (self or admin) and, for admins only, `is_active`. */
export async function patchUser(
  app: FastifyInstance,
  caller: AuthUser,
  id: number,
  body: { username?: string; is_active?: boolean },
) {
  const user = await visibleUser(app, caller, id);
  const fields: { username?: string; username_lower?: string; is_active?: number; updated_at: string } = {
    updated_at: nowIso(),
  };
  if (body.username !== undefined) {
    fields.username = body.username;
    fields.username_lower = body.username.toLowerCase();
  }
  if (body.is_active !== undefined && caller.role === 'admin') {
    if (caller.id === id && !body.is_active) throw invalidField('is_active', 'You cannot deactivate your own account.');
    fields.is_active = body.is_active ? 1 : 0;
  }
  try {
    await app.db.updateTable('users').set(fields).where('id', '=', user.id).execute();
  } catch (error) {
    if (isUniqueViolation(error)) throw invalidField('username', 'A user with that username already exists.');
    throw error;
  }
  if (fields.is_active === 0) await revokeAllRefreshTokens(app.db, id);
  return (await findUserById(app.db, id))!;
}

/**
 * Deletes an account: likes and ratings are withdrawn, trees with their image files and shares with
 * their covers are removed, every other row goes with the user (ON DELETE CASCADE), then the avatar file. The owner confirms with the password when the account has one.
 */
export async function deleteAccount(app: FastifyInstance, caller: AuthUser, id: number, password: string | undefined) {
  const user = await visibleUser(app, caller, id);
  if (caller.id === id && user.password_hash && !(await verifyPassword(user.password_hash, password ?? '')))
    throw invalidField('password', 'The password is incorrect.');
  const profile = await app.db.selectFrom('profiles').select('avatar_key').where('user_id', '=', id).executeTakeFirst();
  // Features with counters or stored files clean up first; every other row goes by ON DELETE CASCADE.
  await removeUserFromCommunity(app, id);
  await deleteTreesOfUser(app.db, app.storage, app.log, id);
  await app.db.deleteFrom('users').where('id', '=', id).execute();
  if (profile?.avatar_key) await app.storage.delete(profile.avatar_key).catch(() => undefined);
}

/** Re-encodes an uploaded avatar to a 256×256 WebP, stores it under a fresh key and drops the old file. */
export async function replaceAvatar(app: FastifyInstance, userId: number, upload: Buffer) {
  const image = await processImage(upload, AVATAR_LIMITS, { cover: AVATAR_SIDE });
  const profile = await ensureProfile(app.db, userId);
  const key = `avatars/${randomBytes(16).toString('hex')}.webp`;
  await app.storage.put(key, image.body, image.contentType);
  await updateProfile(app.db, profile.id, { avatar_key: key });
  if (profile.avatar_key) await app.storage.delete(profile.avatar_key).catch(() => undefined);
  return key;
}
