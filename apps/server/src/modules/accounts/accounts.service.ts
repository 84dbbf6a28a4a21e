import { randomBytes } from 'node:crypto';
import type { LoginAnswer, Me } from '@arbor/contract';
import type { DB } from '../../db/connection.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { Deps } from '../../deps.ts';
import { AppError, invalid, invalidField } from '../../lib/http-errors.ts';
import { hashPassword, passwordProblem } from '../../lib/passwords/passwords.ts';
import { assertNotThrottled, recordEvent } from '../../lib/throttle/throttle.ts';
import {
  findUserByEmail,
  findUserById,
  findUserByLogin,
  findUserByPhone,
  insertAccount,
  updateUser,
  usernameTaken,
  type UserRow,
} from './accounts.repository.ts';
import {
  clearPrimaryAddress,
  deleteAddressAnywhere,
  deleteAddressOfUser,
  insertAddress,
} from './addresses.repository.ts';
import { loginMethodsWithout, removeAddress } from './addresses.service.ts';
import { codeInvalid, verifyCode, type CodeChannel } from './codes.service.ts';
import { accountBucket, checkPasswordWithinLimits } from './login-limits.ts';
import { presentAccount } from './profile.service.ts';
import { endAllSessions, issueTokenPair } from './tokens.service.ts';

const fieldOf = (channel: CodeChannel) => (channel === 'email' ? 'email' : 'phone');

const badCredentials = () =>
  new AppError(401, 'not_authenticated', 'No active account found with the given credentials');

const findByAddress = (db: DB, channel: CodeChannel, address: string) =>
  channel === 'email' ? findUserByEmail(db, address) : findUserByPhone(db, address);

/** `{access, refresh, user}` for a user who just proved who they are. */
export async function loginAnswer(deps: Deps, user: UserRow): Promise<LoginAnswer> {
  const tokens = await issueTokenPair(deps, user.id);
  return { ...tokens, user: await presentAccount(deps, user, { self: true }) };
}

/**
 * Username + password (login may be username, email or phone). Failures are counted per login and per
 * client IP in the database; a full window answers 429 whatever the password. Unknown user and wrong
 * password give the same answer after the same work.
 */
export async function passwordLogin(deps: Deps, login: string, password: string, ip: string): Promise<UserRow> {
  const user = await findUserByLogin(deps.db, login);
  // A disabled account is checked against no hash: the same work, and counted as a failure.
  const hash = user?.is_active ? user.password_hash : null;
  if (!(await checkPasswordWithinLimits(deps, accountBucket(user, login), ip, hash, password))) throw badCredentials();
  return user!;
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

async function assertSignupAllowed(deps: Deps, ip: string) {
  await assertNotThrottled(
    deps,
    [[`signup-ip:${ip}`, { limit: deps.config.limits.signupsPerIpHour, seconds: 3600 }]],
    'Too many new accounts.',
  );
}

async function createAccount(
  deps: Deps,
  fields: { channel: CodeChannel; address: string; username: string; passwordHash: string | null; locale?: string },
  ip: string,
) {
  try {
    const user = await deps.db.transaction().execute((trx) =>
      insertAccount(
        trx,
        {
          username: fields.username,
          email: fields.channel === 'email' ? fields.address : null,
          phone: fields.channel === 'sms' ? fields.address : null,
          passwordHash: fields.passwordHash,
          locale: fields.locale,
        },
        deps.clock.nowIso(),
      ),
    );
    await recordEvent(deps, `signup-ip:${ip}`);
    return user;
  } catch (error) {
    if (isUniqueViolation(error))
      throw invalid('That username, email or phone is already taken.', {
        [fieldOf(fields.channel)]: ['Already taken.'],
      });
    throw error;
  }
}

interface SignupInput {
  channel: CodeChannel;
  address: string;
  code: string;
  password: string;
  username?: string;
  locale?: string;
}

/** Signup with a code sent to the address; the captcha was checked by the route. */
export async function signup(deps: Deps, input: SignupInput, ip: string): Promise<UserRow> {
  await assertSignupAllowed(deps, ip);
  const field = fieldOf(input.channel);
  if (await findByAddress(deps.db, input.channel, input.address))
    throw invalidField(
      field,
      input.channel === 'email'
        ? 'A user with that email already exists.'
        : 'A user with that phone number already exists.',
    );
  const username = await pickUsername(deps.db, input.username);
  const problem = passwordProblem(input.password, [username, input.address, input.address.split('@')[0]]);
  if (problem) throw invalidField('password', problem);
  await verifyCode(deps, {
    channel: input.channel,
    address: input.address,
    purpose: 'signup',
    code: input.code,
    consume: true,
  });
  const passwordHash = await hashPassword(input.password);
  return createAccount(
    deps,
    { channel: input.channel, address: input.address, username, passwordHash, locale: input.locale },
    ip,
  );
}

/** Login with a code; an unknown or disabled account fails like a wrong code. */
export async function codeLogin(deps: Deps, channel: CodeChannel, address: string, code: string): Promise<UserRow> {
  await verifyCode(deps, { channel, address, purpose: 'login', code, consume: true });
  const user = await findByAddress(deps.db, channel, address);
  if (!user?.is_active) throw codeInvalid();
  return user;
}

/** Login with a code, signing up (without a password) when the address is new. */
export async function autoSignIn(
  deps: Deps,
  channel: CodeChannel,
  address: string,
  code: string,
  ip: string,
  locale?: string,
) {
  const existing = await findByAddress(deps.db, channel, address);
  if (!existing) await assertSignupAllowed(deps, ip);
  await verifyCode(deps, { channel, address, purpose: 'auto_sign_in', code, consume: true });
  if (existing) {
    if (!existing.is_active) throw codeInvalid();
    return { user: existing, created: false };
  }
  const username = await pickUsername(deps.db, undefined);
  return {
    user: await createAccount(deps, { channel, address, username, passwordHash: null, locale }, ip),
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
  deps: Deps,
  userId: number,
  channel: CodeChannel,
  address: string,
  code: string,
): Promise<UserRow> {
  const user = await requireUser(deps.db, userId);
  const field = fieldOf(channel);
  const owner = await findByAddress(deps.db, channel, address);
  if (owner && owner.id !== userId)
    throw invalidField(
      field,
      channel === 'email' ? 'This email address is already in use.' : 'This phone number is already in use.',
    );
  await verifyCode(deps, {
    channel,
    address,
    purpose: channel === 'email' ? 'bind_email' : 'bind_phone',
    code,
    consume: true,
  });
  const now = deps.clock.nowIso();
  await deps.db.transaction().execute(async (trx) => {
    const previous = channel === 'email' ? user.email : user.phone;
    if (previous && previous !== address) await deleteAddressOfUser(trx, channel, userId, previous);
    await clearPrimaryAddress(trx, channel, userId);
    await deleteAddressAnywhere(trx, channel, address);
    await insertAddress(trx, channel, { userId, address, isPrimary: true }, now);
    await updateUser(trx, userId, channel === 'email' ? { email: address } : { phone: address }, now);
  });
  return requireUser(deps.db, userId);
}

/** cancel_email / cancel_phone: the code went to the bound address; refused when it would strand the account. */
export async function cancelAddress(deps: Deps, userId: number, channel: CodeChannel, code: string): Promise<UserRow> {
  const user = await requireUser(deps.db, userId);
  const address = channel === 'email' ? user.email : user.phone;
  if (!address)
    throw invalid(
      channel === 'email' ? 'No email address is bound to this account.' : 'No phone number is bound to this account.',
    );
  if ((await loginMethodsWithout(deps, user, channel === 'email' ? { email: address } : { phone: address })) === 0)
    throw invalid('This would leave the account with no way to log in. Add another email, phone or a password first.');
  await verifyCode(deps, {
    channel,
    address,
    purpose: channel === 'email' ? 'cancel_email' : 'cancel_phone',
    code,
    consume: true,
  });
  await removeAddress(deps, user, channel, address);
  return requireUser(deps.db, userId);
}

/** Sets a new password after a reset code; every session of the account ends at once. */
export async function resetPassword(
  deps: Deps,
  input: { email?: string; phone?: string; code: string; newPassword: string },
) {
  if (Boolean(input.email) === Boolean(input.phone))
    throw invalid('Give either an email or a phone.', { non_field_errors: ['Give either an email or a phone.'] });
  const channel: CodeChannel = input.email ? 'email' : 'sms';
  const address = (input.email ?? input.phone)!;
  const user = await findByAddress(deps.db, channel, address);
  const problem = passwordProblem(input.newPassword, [address, user?.username, user?.email, user?.phone]);
  if (problem) throw invalidField('new_password', problem);
  await verifyCode(deps, {
    channel,
    address,
    purpose: 'reset_password',
    code: input.code,
    consume: true,
  });
  if (!user?.is_active) throw codeInvalid();
  await setPassword(deps, user.id, input.newPassword);
  await endAllSessions(deps, user.id);
  await deps.events.publish(deps.db, 'user.sessions_ended', { userId: user.id, reason: 'password_reset' });
}

async function setPassword(deps: Deps, userId: number, password: string): Promise<void> {
  await updateUser(deps.db, userId, { password_hash: await hashPassword(password) }, deps.clock.nowIso());
}

/** The first password of an account made by code: refused once it has one. */
export async function setFirstPassword(deps: Deps, userId: number, password: string): Promise<void> {
  const user = await requireUser(deps.db, userId);
  if (user.password_hash)
    throw invalid('This account already has a password.', { password: ['This account already has a password.'] });
  const problem = passwordProblem(password, [user.username, user.email, user.phone]);
  if (problem) throw invalidField('password', problem);
  await setPassword(deps, userId, password);
}

/** `Me` of the caller. */
export const presentSelf = (deps: Deps, user: UserRow): Promise<Me> => presentAccount(deps, user, { self: true });
