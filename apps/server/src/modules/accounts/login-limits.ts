// The password-failure limits of API.md "Accounts" (10 per account and LOGIN_FAILURES_PER_IP per
// client IP, per 15 minutes), shared by every place that checks a password: login, and the checks
// outside login (deleting the account). One set of buckets, so guesses spread over several endpoints
// add up instead of each endpoint granting its own budget.
import type { Deps } from '../../deps.ts';
import { verifyPassword } from '../../lib/passwords/passwords.ts';
import { assertNotThrottled, recordEvent, reserveEvents } from '../../lib/throttle/throttle.ts';

const LOGIN_WINDOW_S = 15 * 60;
const LOGIN_FAILURES_PER_LOGIN = 10;

/** The account's bucket whichever of its logins was tried; an unknown login gets one of its own. */
export const accountBucket = (user: { id: number } | undefined, login: string) =>
  user ? `login-fail:user:${user.id}` : `login-fail:${login.trim().toLowerCase()}`;

/**
 * Checks a password under the failure limits; a full window answers 429 whatever the password.
 * The account's failure is counted before the (slow) check, so parallel guesses at one account
 * cannot all slip under its limit, and taken back when the password is right. The client IP's
 * limit counts failures only: many people behind one address logging in at once with the right
 * passwords are never refused for each other's logins in flight. Returns whether the password matched.
 */
export async function checkPasswordWithinLimits(
  deps: Deps,
  bucket: string,
  ip: string,
  passwordHash: string | null,
  password: string,
): Promise<boolean> {
  const detail = 'Too many failed password attempts.';
  const ipBucket = `login-fail-ip:${ip}`;
  await assertNotThrottled(
    deps,
    [[ipBucket, { limit: deps.config.limits.loginFailuresPerIp, seconds: LOGIN_WINDOW_S }]],
    detail,
  );
  const release = await reserveEvents(
    deps,
    [[bucket, { limit: LOGIN_FAILURES_PER_LOGIN, seconds: LOGIN_WINDOW_S }]],
    detail,
  );
  const matches = await verifyPassword(passwordHash, password);
  if (matches) await release();
  else await recordEvent(deps, ipBucket);
  return matches;
}
