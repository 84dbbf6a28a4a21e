import { randomBytes } from 'node:crypto';
import type { LoginAnswer, Me } from '@arbor/contract';
import type { Config } from '../../config.ts';
import type { DB } from '../../db/connection.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { nowIso } from '../../lib/clock.ts';
import { AppError, invalid, invalidField } from '../../lib/http-errors.ts';
import { hashPassword, passwordProblem, verifyPassword } from '../../lib/passwords/passwords.ts';
import { assertNotThrottled, recordEvent, reserveEvents } from '../../lib/throttle/throttle.ts';
import { codeInvalid, verifyCode, type CodeChannel } from './codes.service.ts';
import { presentUser } from './profile.presenter.ts';
import {
  findUserByEmail,
  findUserById,
  findUserByLogin,
  findUserByPhone,
  insertAccount,
  usernameTaken,
  type UserRow,
} from './accounts.repository.ts';
import { issueTokenPair, revokeAllRefreshTokens } from './tokens.service.ts';

export interface AccountsContext {
  db: DB;
  config: Config;
}

const LOGIN_WINDOW_S = 15 * 60;
const LOGIN_FAILURES_PER_LOGIN = 10;
const fieldOf = (channel: CodeChannel) => (channel === 'email' ? 'email' : 'phone');

const badCredentials = () =>
  new AppError(401, 'not_authenticated', 'No active account found with the given credentials');

export const findByAddress = (db: DB, channel: CodeChannel, address: string) =>
  channel === 'email' ? findUserByEmail(db, address) : findUserByPhone(db, address);

/** `{access, refresh, user}` for a user who just proved who they are. */
export async function loginAnswer(ctx: AccountsContext, user: UserRow): Promise<LoginAnswer> {
  const tokens = await issueTokenPair(ctx.db, ctx.config, user.id);
  return { ...tokens, user: await presentUser(ctx.db, ctx.config.publicBaseUrl, user, { self: true }) };
}

/**
 * Username + password (login may be username, email or phone). Failures are counted per login and per
 * client IP in the database; a full window answers 429 whatever the password. Unknown user and wrong
 * password give the same answer after the same work.
 */
export async function passwordLogin(
  ctx: AccountsContext,
  login: string,
  password: string,
  ip: string,
): Promise<UserRow> {
  const user = await findUserByLogin(ctx.db, login);
  // One bucket per account, whichever of its logins (username, email, phone) is tried.
  const loginBucket = user ? `login-fail:user:${user.id}` : `login-fail:${login.trim().toLowerCase()}`;
  const ipBucket = `login-fail-ip:${ip}`;
  // Counted as a failure before the password is checked, so parallel guesses cannot all slip under
  // the limit; taken back when the password is right.
  const release = await reserveEvents(
    ctx.db,
    [
      [loginBucket, { limit: LOGIN_FAILURES_PER_LOGIN, seconds: LOGIN_WINDOW_S }],
      [ipBucket, { limit: ctx.config.limits.loginFailuresPerIp, seconds: LOGIN_WINDOW_S }],
    ],
    'Too many failed logins.',
  );
  const matches = await verifyPassword(user?.password_hash ?? null, password);
  if (!user || !matches || !user.is_active) throw badCredentials();
  await release();
  return user;
}

/** A free username from the given one, or a generated `user_…` one. */
async function pickUsername(db: DB, wanted: string | undefined): Promise<string> {
  if (wanted) {
    if (await usernameTaken(db, wanted)) throw invalidField('username', 'A user with that username already exists.');
    return wanted;
  }
  for (;;) {
    const candidate = `user_${randomBytes(5).toString('hex')}`;
    if (!(await usernameTaken(db, candidate))) return candidate;
  }
}

async function assertSignupAllowed(ctx: AccountsContext, ip: string) {
  await assertNotThrottled(
    ctx.db,
    [[`signup-ip:${ip}`, { limit: ctx.config.limits.signupsPerIpHour, seconds: 3600 }]],
    'Too many new accounts.',
  );
}

async function createAccount(
  ctx: AccountsContext,
  fields: { channel: CodeChannel; address: string; username: string; passwordHash: string | null; locale?: string },
  ip: string,
) {
  try {
    const user = await ctx.db.transaction().execute((trx) =>
      insertAccount(trx, {
        username: fields.username,
        email: fields.channel === 'email' ? fields.address : null,
        phone: fields.channel === 'sms' ? fields.address : null,
        passwordHash: fields.passwordHash,
        locale: fields.locale,
      }),
    );
    await recordEvent(ctx.db, `signup-ip:${ip}`);
    return user;
  } catch (error) {
    if (isUniqueViolation(error))
      throw invalid('That username, email or phone is already taken.', {
        [fieldOf(fields.channel)]: ['Already taken.'],
      });
    throw error;
  }
}

export interface SignupInput {
  channel: CodeChannel;
  address: string;
  code: string;
  password: string;
  username?: string;
  locale?: string;
}

/** Signup with a code sent to the address; the captcha was checked by the route. */
export async function signup(ctx: AccountsContext, input: SignupInput, ip: string): Promise<UserRow> {
  await assertSignupAllowed(ctx, ip);
  const field = fieldOf(input.channel);
  if (await findByAddress(ctx.db, input.channel, input.address))
    throw invalidField(
      field,
      input.channel === 'email'
        ? 'A user with that email already exists.'
        : 'A user with that phone number already exists.',
    );
  const username = await pickUsername(ctx.db, input.username);
  const problem = passwordProblem(input.password, [username, input.address, input.address.split('@')[0]]);
  if (problem) throw invalidField('password', problem);
  await verifyCode(ctx.db, ctx.config.secretKey, {
    channel: input.channel,
    address: input.address,
    purpose: 'signup',
    code: input.code,
    consume: true,
  });
  const passwordHash = await hashPassword(input.password);
  return createAccount(
    ctx,
    { channel: input.channel, address: input.address, username, passwordHash, locale: input.locale },
    ip,
  );
}

/** Login with a code; an unknown or disabled account fails like a wrong code. */
export async function codeLogin(
  ctx: AccountsContext,
  channel: CodeChannel,
  address: string,
  code: string,
): Promise<UserRow> {
  await verifyCode(ctx.db, ctx.config.secretKey, { channel, address, purpose: 'login', code, consume: true });
  const user = await findByAddress(ctx.db, channel, address);
  if (!user?.is_active) throw codeInvalid();
  return user;
}

/** Login with a code, signing up (without a password) when the address is new. */
export async function autoSignIn(
  ctx: AccountsContext,
  channel: CodeChannel,
  address: string,
  code: string,
  ip: string,
  locale?: string,
) {
  const existing = await findByAddress(ctx.db, channel, address);
  if (!existing) await assertSignupAllowed(ctx, ip);
  await verifyCode(ctx.db, ctx.config.secretKey, { channel, address, purpose: 'auto_sign_in', code, consume: true });
  if (existing) {
    if (!existing.is_active) throw codeInvalid();
    return { user: existing, created: false };
  }
  const username = await pickUsername(ctx.db, undefined);
  return {
    user: await createAccount(ctx, { channel, address, username, passwordHash: null, locale }, ip),
    created: true,
  };
}

async function requireUser(db: DB, id: number): Promise<UserRow> {
  const user = await findUserById(db, id);
  if (!user) throw new AppError(401, 'not_authenticated', 'Authentication credentials were not provided.');
  return user;
}

/** Makes a verified address the account's primary email/phone (replacing the previous primary). */
export async function bindAddress(
  ctx: AccountsContext,
  userId: number,
  channel: CodeChannel,
  address: string,
  code: string,
): Promise<UserRow> {
  const user = await requireUser(ctx.db, userId);
  const field = fieldOf(channel);
  const owner = await findByAddress(ctx.db, channel, address);
  if (owner && owner.id !== userId)
    throw invalidField(
      field,
      channel === 'email' ? 'This email address is already in use.' : 'This phone number is already in use.',
    );
  await verifyCode(ctx.db, ctx.config.secretKey, {
    channel,
    address,
    purpose: channel === 'email' ? 'bind_email' : 'bind_phone',
    code,
    consume: true,
  });
  const now = nowIso();
  await ctx.db.transaction().execute(async (trx) => {
    if (channel === 'email') {
      if (user.email && user.email !== address)
        await trx.deleteFrom('email_addresses').where('user_id', '=', userId).where('email', '=', user.email).execute();
      await trx.updateTable('email_addresses').set({ is_primary: 0 }).where('user_id', '=', userId).execute();
      await trx.deleteFrom('email_addresses').where('email', '=', address).execute();
      await trx
        .insertInto('email_addresses')
        .values({ user_id: userId, email: address, is_primary: 1, created_at: now })
        .execute();
      await trx.updateTable('users').set({ email: address, updated_at: now }).where('id', '=', userId).execute();
    } else {
      if (user.phone && user.phone !== address)
        await trx.deleteFrom('phone_numbers').where('user_id', '=', userId).where('phone', '=', user.phone).execute();
      await trx.updateTable('phone_numbers').set({ is_primary: 0 }).where('user_id', '=', userId).execute();
      await trx.deleteFrom('phone_numbers').where('phone', '=', address).execute();
      await trx
        .insertInto('phone_numbers')
        .values({ user_id: userId, phone: address, is_primary: 1, created_at: now })
        .execute();
      await trx.updateTable('users').set({ phone: address, updated_at: now }).where('id', '=', userId).execute();
    }
  });
  return requireUser(ctx.db, userId);
}

/** How many ways the account would still have to log in without the given address. */
export async function loginMethodsWithout(
  db: DB,
  user: UserRow,
  removed: { email?: string; phone?: string },
): Promise<number> {
  const emails = await db.selectFrom('email_addresses').select('email').where('user_id', '=', user.id).execute();
  const phones = await db.selectFrom('phone_numbers').select('phone').where('user_id', '=', user.id).execute();
  const emailSet = new Set([...emails.map((e) => e.email), ...(user.email ? [user.email] : [])]);
  const phoneSet = new Set([...phones.map((p) => p.phone), ...(user.phone ? [user.phone] : [])]);
  if (removed.email) emailSet.delete(removed.email);
  if (removed.phone) phoneSet.delete(removed.phone);
  return emailSet.size + phoneSet.size + (user.password_hash ? 1 : 0);
}

/** Removes one address of the account; the next remaining one becomes primary when it was primary. */
export async function removeAddress(db: DB, user: UserRow, channel: CodeChannel, address: string): Promise<void> {
  const removal = channel === 'email' ? { email: address } : { phone: address };
  if ((await loginMethodsWithout(db, user, removal)) === 0)
    throw invalid('This would leave the account with no way to log in. Add another email, phone or a password first.');
  await db.transaction().execute(async (trx) => {
    const now = nowIso();
    if (channel === 'email') {
      await trx.deleteFrom('email_addresses').where('user_id', '=', user.id).where('email', '=', address).execute();
      if (user.email === address) {
        const next = await trx
          .selectFrom('email_addresses')
          .select(['id', 'email'])
          .where('user_id', '=', user.id)
          .orderBy('id', 'desc')
          .executeTakeFirst();
        if (next) await trx.updateTable('email_addresses').set({ is_primary: 1 }).where('id', '=', next.id).execute();
        await trx
          .updateTable('users')
          .set({ email: next?.email ?? null, updated_at: now })
          .where('id', '=', user.id)
          .execute();
      }
    } else {
      await trx.deleteFrom('phone_numbers').where('user_id', '=', user.id).where('phone', '=', address).execute();
      if (user.phone === address) {
        const next = await trx
          .selectFrom('phone_numbers')
          .select(['id', 'phone'])
          .where('user_id', '=', user.id)
          .orderBy('id', 'desc')
          .executeTakeFirst();
        if (next) await trx.updateTable('phone_numbers').set({ is_primary: 1 }).where('id', '=', next.id).execute();
        await trx
          .updateTable('users')
          .set({ phone: next?.phone ?? null, updated_at: now })
          .where('id', '=', user.id)
          .execute();
      }
    }
  });
}

/** cancel_email / cancel_phone: the code went to the bound address; refused when it would strand the account. */
export async function cancelAddress(
  ctx: AccountsContext,
  userId: number,
  channel: CodeChannel,
  code: string,
): Promise<UserRow> {
  const user = await requireUser(ctx.db, userId);
  const address = channel === 'email' ? user.email : user.phone;
  if (!address)
    throw invalid(
      channel === 'email' ? 'No email address is bound to this account.' : 'No phone number is bound to this account.',
    );
  if ((await loginMethodsWithout(ctx.db, user, channel === 'email' ? { email: address } : { phone: address })) === 0)
    throw invalid('This would leave the account with no way to log in. Add another email, phone or a password first.');
  await verifyCode(ctx.db, ctx.config.secretKey, {
    channel,
    address,
    purpose: channel === 'email' ? 'cancel_email' : 'cancel_phone',
    code,
    consume: true,
  });
  await removeAddress(ctx.db, user, channel, address);
  return requireUser(ctx.db, userId);
}

/** Sets a new password after a reset code; every refresh token of the account is revoked. */
export async function resetPassword(
  ctx: AccountsContext,
  input: { email?: string; phone?: string; code: string; newPassword: string },
) {
  if (Boolean(input.email) === Boolean(input.phone))
    throw invalid('Give either an email or a phone.', { non_field_errors: ['Give either an email or a phone.'] });
  const channel: CodeChannel = input.email ? 'email' : 'sms';
  const address = (input.email ?? input.phone)!;
  const user = await findByAddress(ctx.db, channel, address);
  const problem = passwordProblem(input.newPassword, [address, user?.username, user?.email, user?.phone]);
  if (problem) throw invalidField('new_password', problem);
  await verifyCode(ctx.db, ctx.config.secretKey, {
    channel,
    address,
    purpose: 'reset_password',
    code: input.code,
    consume: true,
  });
  if (!user?.is_active) throw codeInvalid();
  await setPassword(ctx.db, user.id, input.newPassword);
  await revokeAllRefreshTokens(ctx.db, user.id);
}

export async function setPassword(db: DB, userId: number, password: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  await db
    .updateTable('users')
    .set({ password_hash: passwordHash, updated_at: nowIso() })
    .where('id', '=', userId)
    .execute();
}

/** The first password of an account made by code: refused once it has one. */
export async function setFirstPassword(ctx: AccountsContext, userId: number, password: string): Promise<void> {
  const user = await requireUser(ctx.db, userId);
  if (user.password_hash)
    throw invalid('This account already has a password.', { password: ['This account already has a password.'] });
  const problem = passwordProblem(password, [user.username, user.email, user.phone]);
  if (problem) throw invalidField('password', problem);
  await setPassword(ctx.db, userId, password);
}

export const presentSelf = (ctx: AccountsContext, user: UserRow): Promise<Me> =>
  presentUser(ctx.db, ctx.config.publicBaseUrl, user, { self: true });
