import type { Locale } from '@arbor/contract';
import type { Deps } from '../../deps.ts';
import { deriveKey, hmacSha256Hex, randomDigits, safeEqual } from '../../lib/crypto/keys.ts';
import { AppError } from '../../lib/http-errors.ts';
import { reserveEvents } from '../../lib/throttle/throttle.ts';
import {
  deleteExpiredCodes,
  insertCode,
  latestActiveCode,
  markConsumed,
  retireCodes,
  returnTry,
  takeTry,
  type CodeChannel,
} from './codes.repository.ts';

export const CODE_TTL_S = 600;
export const RESEND_AFTER_S = 60;
export const MAX_WRONG_TRIES = 5;
const SENDS_PER_ADDRESS_HOUR = 10;

export type { CodeChannel };

/** The error of a wrong, used-up or unknown code. */
export const codeInvalid = (detail = 'The code is incorrect or no longer valid.') =>
  new AppError(400, 'code_invalid', detail, { code: [detail] });
const codeExpired = () =>
  new AppError(400, 'code_expired', 'The code has expired. Ask for a new one.', {
    code: ['The code has expired. Ask for a new one.'],
  });

const hashCode = (secretKey: string, channel: CodeChannel, address: string, purpose: string, code: string) =>
  hmacSha256Hex(deriveKey(secretKey, 'one-time-code-v1'), `${channel}\n${address}\n${purpose}\n${code}`);

interface IssueCodeInput {
  channel: CodeChannel;
  address: string;
  purpose: string;
  ip: string;
  /** false for an unknown address on login/reset: the answer and the throttles stay the same, nothing is sent */
  deliver: boolean;
}

/** Throttles, stores the hash of a new 6-digit code, and returns the code to deliver (null when not delivered). */
export async function issueCode(deps: Deps, input: IssueCodeInput): Promise<string | null> {
  const addressBucket = `code-address:${input.channel}:${input.address}`;
  const ipBucket = `code-ip:${input.ip}`;
  // Counted before checking, so parallel sends to one address cannot all pass the one-per-minute rule.
  await reserveEvents(deps, [
    [addressBucket, { limit: 1, seconds: RESEND_AFTER_S }],
    [addressBucket, { limit: SENDS_PER_ADDRESS_HOUR, seconds: 3600 }],
    [ipBucket, { limit: deps.config.limits.codeSendsPerIpHour, seconds: 3600 }],
  ]);
  const code = randomDigits(6);
  const key = { channel: input.channel, address: input.address, purpose: input.purpose };
  // A new code retires every earlier unused one for the same address and purpose.
  const now = deps.clock.nowIso();
  await deps.db.transaction().execute(async (trx) => {
    await retireCodes(trx, key, now);
    await insertCode(
      trx,
      {
        ...key,
        codeHash: hashCode(deps.config.secretKey, input.channel, input.address, input.purpose, code),
        expiresAt: deps.clock.isoIn(CODE_TTL_S * 1000),
      },
      now,
    );
  });
  // Expired codes are useless: sweep them (an hour after they expired) now and then rather than on a schedule.
  if (Math.random() < 0.02) await deleteExpiredCodes(deps.db, deps.clock.isoIn(-3600 * 1000));
  return input.deliver ? code : null;
}

/**
 * Checks a code for an address and purpose; a wrong code counts a try and the fifth burns it.
 * With `consume`, a right code is used up. Throws code_invalid / code_expired.
 */
export async function verifyCode(
  deps: Deps,
  check: { channel: CodeChannel; address: string; purpose: string; code: string; consume: boolean },
): Promise<void> {
  const { db } = deps;
  const row = await latestActiveCode(db, check.channel, check.address, check.purpose);
  if (!row || row.attempts >= MAX_WRONG_TRIES) throw codeInvalid();
  if (Date.parse(row.expires_at) <= deps.clock.nowMs()) throw codeExpired();
  const expected = hashCode(deps.config.secretKey, check.channel, check.address, check.purpose, check.code);
  if (!(await takeTry(db, row.id, MAX_WRONG_TRIES))) throw codeInvalid();
  if (!safeEqual(expected, row.code_hash)) throw codeInvalid();
  await returnTry(db, row.id);
  if (check.consume && !(await markConsumed(db, row.id, deps.clock.nowIso()))) throw codeInvalid();
}

/** Locale of a code message: the account's own choice, else the request's Accept-Language, else zh-CN. */
export function messageLocale(userLocale: string | null | undefined, fromHeader: Locale | null): Locale {
  if (userLocale === 'zh-CN' || userLocale === 'en-US' || userLocale === 'ja-JP') return userLocale;
  return fromHeader ?? 'zh-CN';
}
