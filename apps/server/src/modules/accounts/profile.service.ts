import { randomBytes } from 'node:crypto';
import type { Me } from '@arbor/contract';
import { isUniqueViolation } from '../../db/errors.ts';
import type { Deps } from '../../deps.ts';
import { invalidField, notFound } from '../../lib/http-errors.ts';
import { processImage } from '../../lib/images.ts';
import { reserveEvents } from '../../lib/throttle/throttle.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import {
  countUsers,
  deleteUser,
  findUserByEmail,
  findUserById,
  findUserByPhone,
  listUsers,
  updateUser,
  type UserRow,
} from './accounts.repository.ts';
import type { CodeChannel } from './codes.service.ts';
import { accountBucket, checkPasswordWithinLimits } from './login-limits.ts';
import { presentUser } from './profile.presenter.ts';
import { authorizeOwn, authorizeUserAccess } from './profile.policy.ts';
import {
  deleteProfile,
  ensureProfile,
  findProfileById,
  findProfileOfUser,
  updateProfile,
  type ProfileRow,
} from './profile.repository.ts';
import { revokeAllRefreshTokens } from './tokens.service.ts';

export const AVATAR_LIMITS = { maxBytes: 2 * 1024 * 1024, maxSide: 4096 };
const AVATAR_SIDE = 256;
const EXISTS_CHECKS_PER_MINUTE = 30;

type ProfileFields = Partial<Pick<ProfileRow, 'nickname' | 'bio' | 'locale'>>;

/** The caller's own account; 404 when it is gone. */
export async function ownAccount(deps: Deps, userId: number): Promise<UserRow> {
  const user = await findUserById(deps.db, userId);
  if (!user) throw notFound();
  return user;
}

/** The account a caller may see (self, or anyone for an admin); 404 otherwise. */
export async function visibleUser(deps: Deps, caller: AuthUser, id: number): Promise<UserRow> {
  authorizeUserAccess(caller, id);
  const user = await findUserById(deps.db, id);
  if (!user) throw notFound();
  return user;
}

/** `Me` of a user, with its profile (created empty when it has none yet). */
export async function presentAccount(deps: Deps, user: UserRow, options: { self: boolean }): Promise<Me> {
  const profile = await ensureProfile(deps.db, user.id, deps.clock.nowIso());
  return presentUser(deps.config.publicBaseUrl, user, profile, options);
}

/** An account as the caller sees it: admins get `is_active` on top of `Me`. */
export async function presentAccountFor(deps: Deps, caller: AuthUser, user: UserRow) {
  const me = await presentAccount(deps, user, { self: caller.id === user.id });
  return caller.role === 'admin' ? { ...me, is_active: Boolean(user.is_active) } : me;
}

/** One page of the accounts a caller may see (everyone for an admin, else only themself) and their count. */
export async function listVisibleUsers(deps: Deps, caller: AuthUser, page: { limit: number; offset: number }) {
  const onlyId = caller.role === 'admin' ? undefined : caller.id;
  const count = await countUsers(deps.db, onlyId);
  const rows = await listUsers(deps.db, { onlyId, ...page });
  return { count, results: await Promise.all(rows.map((row) => presentAccountFor(deps, caller, row))) };
}

/** PATCH of an account: the username (self or admin) and, for admins only, `is_active`. */
export async function patchUser(
  deps: Deps,
  caller: AuthUser,
  id: number,
  body: { username?: string; is_active?: boolean },
) {
  const user = await visibleUser(deps, caller, id);
  const fields: { username?: string; username_lower?: string; is_active?: number } = {};
  if (body.username !== undefined) {
    fields.username = body.username;
    fields.username_lower = body.username.toLowerCase();
  }
  if (body.is_active !== undefined && caller.role === 'admin') {
    if (caller.id === id && !body.is_active) throw invalidField('is_active', 'You cannot deactivate your own account.');
    fields.is_active = body.is_active ? 1 : 0;
  }
  try {
    await updateUser(deps.db, user.id, fields, deps.clock.nowIso());
  } catch (error) {
    if (isUniqueViolation(error)) throw invalidField('username', 'A user with that username already exists.');
    throw error;
  }
  if (fields.is_active === 0) {
    await revokeAllRefreshTokens(deps, id);
    await deps.events.publish(deps.db, 'user.sessions_ended', { userId: id, reason: 'deactivated' });
  }
  return (await findUserById(deps.db, id))!;
}

/**
 * Deletes an account. The owner confirms with the password when the account has one. One
 * transaction publishes `user.deleted` first, so that the modules keeping counters or stored files
 * withdraw the user's part (and leave file clean-up for after the commit), then deletes the user row:
 * every other row goes with it by ON DELETE CASCADE. The avatar file goes once that committed.
 */
export async function deleteAccount(
  deps: Deps,
  caller: AuthUser,
  id: number,
  password: string | undefined,
  ip: string,
) {
  const user = await visibleUser(deps, caller, id);
  // A stolen access token must not buy unlimited guesses: this check counts toward login's limits.
  if (
    caller.id === id &&
    user.password_hash &&
    !(await checkPasswordWithinLimits(deps, accountBucket(user, user.username), ip, user.password_hash, password ?? ''))
  )
    throw invalidField('password', 'The password is incorrect.');
  const avatarKey = await deps.events.transaction(deps.db, async (trx, publish) => {
    const profile = await findProfileOfUser(trx, id);
    await publish('user.deleted', { userId: id });
    await deleteUser(trx, id);
    return profile?.avatar_key ?? null;
  });
  if (avatarKey) await deps.storage.delete(avatarKey).catch(() => undefined);
}

/** The caller's own profile (created empty on first use). */
export function ownProfile(deps: Deps, userId: number): Promise<ProfileRow> {
  return ensureProfile(deps.db, userId, deps.clock.nowIso());
}

/** POST of the own profile: creates it when missing, then applies the fields. `created` tells which. */
export async function saveOwnProfile(deps: Deps, userId: number, fields: ProfileFields) {
  const existed = await findProfileOfUser(deps.db, userId);
  const profile = await ensureProfile(deps.db, userId, deps.clock.nowIso());
  await updateProfile(deps.db, profile.id, fields, deps.clock.nowIso());
  return { created: !existed, profile: (await findProfileById(deps.db, profile.id))! };
}

/** A profile by id, only for its owner; 404 for anyone else. */
export async function visibleProfile(deps: Deps, caller: AuthUser, id: number): Promise<ProfileRow> {
  const profile = await findProfileById(deps.db, id);
  authorizeOwn(caller, profile?.user_id);
  return profile!;
}

/** PATCH/PUT of an own profile by id. */
export async function updateVisibleProfile(
  deps: Deps,
  caller: AuthUser,
  id: number,
  fields: ProfileFields,
): Promise<ProfileRow> {
  const profile = await visibleProfile(deps, caller, id);
  await updateProfile(deps.db, profile.id, fields, deps.clock.nowIso());
  return (await findProfileById(deps.db, profile.id))!;
}

/** DELETE of an own profile: it resets (the next read creates an empty one again) and the avatar file goes. */
export async function resetProfile(deps: Deps, caller: AuthUser, id: number): Promise<void> {
  const profile = await visibleProfile(deps, caller, id);
  await deleteProfile(deps.db, profile.id);
  if (profile.avatar_key) await deps.storage.delete(profile.avatar_key).catch(() => undefined);
}

/** Re-encodes an uploaded avatar to a 256×256 WebP, stores it under a fresh key and drops the old file. */
export async function replaceAvatar(deps: Deps, userId: number, upload: Buffer): Promise<ProfileRow> {
  const image = await processImage(upload, AVATAR_LIMITS, { cover: AVATAR_SIDE });
  const profile = await ensureProfile(deps.db, userId, deps.clock.nowIso());
  const key = `avatars/${randomBytes(16).toString('hex')}.webp`;
  await deps.storage.put(key, image.body, image.contentType);
  await updateProfile(deps.db, profile.id, { avatar_key: key }, deps.clock.nowIso());
  if (profile.avatar_key) await deps.storage.delete(profile.avatar_key).catch(() => undefined);
  return ensureProfile(deps.db, userId, deps.clock.nowIso());
}

/**
 * Whether an address has an account. That reveals accounts, so only for the caller's own id
 * (`'me'` or the number) and 30 times a minute.
 */
export async function addressHasAccount(
  deps: Deps,
  caller: AuthUser,
  id: 'me' | number,
  channel: CodeChannel,
  address: string,
): Promise<boolean> {
  if (id !== 'me' && id !== caller.id) throw notFound();
  const bucket = `exists-check:${caller.id}`;
  await reserveEvents(deps, [[bucket, { limit: EXISTS_CHECKS_PER_MINUTE, seconds: 60 }]]);
  const owner = channel === 'email' ? await findUserByEmail(deps.db, address) : await findUserByPhone(deps.db, address);
  return Boolean(owner);
}

/**
 * Deactivates an account for another module (moderation's `suspend`), as an admin's PATCH
 * `is_active: false` does: its refresh tokens are revoked and its access tokens fail on `is_active`.
 * False when there is no such account.
 */
export async function deactivateAccount(deps: Pick<Deps, 'db' | 'clock'>, id: number): Promise<boolean> {
  const user = await findUserById(deps.db, id);
  if (!user) return false;
  await updateUser(deps.db, id, { is_active: 0 }, deps.clock.nowIso());
  await revokeAllRefreshTokens(deps, id);
  return true;
}
