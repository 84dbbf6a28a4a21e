import { createHash } from 'node:crypto';
import { createChallenge, extractParams, verifyFieldsHash, verifyServerSignature } from 'altcha-lib/v1';
import { isUniqueViolation } from '../../db/errors.ts';
import type { Deps } from '../../deps.ts';
import { deriveKey, hmacSha256Hex, safeEqual } from '../../lib/crypto/keys.ts';
import { AppError } from '../../lib/http-errors.ts';
import { deleteExpiredChallenges, insertUsedChallenge, isChallengeUsed } from './captcha.repository.ts';

const CAPTCHA_TTL_S = 10 * 60;
/** Work factor: the widget tries about half of this on average (well under a second in a browser). */
export const CAPTCHA_MAX_NUMBER = 100_000;
const ALGORITHM = 'SHA-256';
// Our own salts are exactly this: 12 random bytes, the expiry, and the trailing `&` that ends the
// salt. Anything else is refused, which closes parameter splicing (CVE-2025-68113) at the source.
const SALT_PATTERN = /^[0-9a-f]{24}\?expires=(\d{1,12})&$/;

const captchaRequired = () =>
  new AppError(400, 'captcha_required', 'Solve the captcha first.', { altcha: ['Solve the captcha first.'] });
const captchaInvalid = () =>
  new AppError(400, 'captcha_invalid', 'The captcha is invalid, expired or already used. Solve it again.', {
    altcha: ['The captcha is invalid, expired or already used. Solve it again.'],
  });

/** HMAC key of challenges, derived from SECRET_KEY. */
export const captchaKey = (secretKey: string) => deriveKey(secretKey, 'altcha-challenge-v1');

/** A fresh server-signed challenge that expires in 10 minutes. */
export function newChallenge(deps: Pick<Deps, 'clock'>, hmacKey: string) {
  return createChallenge({
    algorithm: ALGORITHM,
    hmacKey,
    maxnumber: CAPTCHA_MAX_NUMBER,
    expires: new Date(deps.clock.nowMs() + CAPTCHA_TTL_S * 1000),
  });
}

interface SolvedPayload {
  algorithm: string;
  challenge: string;
  number: number;
  salt: string;
  signature: string;
}

function decodePayload(payload: string): SolvedPayload | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(payload, 'base64').toString('utf8'));
    if (!value || typeof value !== 'object') return null;
    const p = value as Record<string, unknown>;
    if (
      p.algorithm !== ALGORITHM ||
      typeof p.challenge !== 'string' ||
      typeof p.salt !== 'string' ||
      typeof p.signature !== 'string' ||
      typeof p.number !== 'number'
    )
      return null;
    return p as unknown as SolvedPayload;
  } catch {
    return null;
  }
}

/**
 * Checks a solved payload completely at `nowMs`: our salt format and its expiry, the proof of work
 * (sha256(salt + number) = challenge) and our signature of the challenge. Returns the challenge
 * (the key of the used-solution store) and its expiry, or null.
 */
function checkSolution(hmacKey: string, payload: string, nowMs: number): { challenge: string; expiresAt: Date } | null {
  const p = decodePayload(payload);
  if (!p) return null;
  const salt = SALT_PATTERN.exec(p.salt);
  if (!salt || !Number.isInteger(p.number) || p.number < 0 || p.number > CAPTCHA_MAX_NUMBER) return null;
  const expiresMs = Number(salt[1]) * 1000;
  // A salt claiming a far-future expiry was not made by us, whatever the hashes say.
  if (expiresMs <= nowMs || expiresMs > nowMs + (CAPTCHA_TTL_S + 60) * 1000) return null;
  const challenge = createHash('sha256')
    .update(p.salt + String(p.number))
    .digest('hex');
  if (!safeEqual(challenge, p.challenge)) return null;
  if (!safeEqual(hmacSha256Hex(hmacKey, challenge), p.signature)) return null;
  return { challenge, expiresAt: new Date(expiresMs) };
}

/** True when the payload is valid and has not been used yet (does not consume it). */
export async function isSolutionUsable(deps: Deps, hmacKey: string, payload: string): Promise<boolean> {
  const solved = checkSolution(hmacKey, payload, deps.clock.nowMs());
  if (!solved) return false;
  return !(await isChallengeUsed(deps.db, solved.challenge));
}

/** Accepts a solved payload once: throws captcha_required / captcha_invalid otherwise. */
export async function consumeCaptcha(deps: Deps, hmacKey: string, payload: string | undefined | null): Promise<void> {
  if (!payload) throw captchaRequired();
  const solved = checkSolution(hmacKey, payload, deps.clock.nowMs());
  if (!solved) throw captchaInvalid();
  try {
    await insertUsedChallenge(deps.db, solved.challenge, solved.expiresAt.toISOString());
  } catch (error) {
    if (isUniqueViolation(error)) throw captchaInvalid();
    throw error;
  }
  if (Math.random() < 0.05) await deleteExpiredChallenges(deps.db, deps.clock.nowIso());
}

/** The parameters encoded in a payload's or challenge's salt (`{expires}`), or null when unreadable. */
export function payloadParams(payload: string): Record<string, string> | null {
  try {
    return extractParams(payload);
  } catch {
    return null;
  }
}

/** Whether the hash of the named form fields matches (the widget's spam-filter check). */
export const fieldsHashMatches = verifyFieldsHash;

/** Verifies an ALTCHA server-signature payload (spam filter / Sentinel results) with our key. */
export async function checkServerSignature(hmacKey: string, payload: string) {
  try {
    const { verified, verificationData } = await verifyServerSignature(payload, hmacKey);
    return { verified, verification_data: verificationData as Record<string, unknown> | null };
  } catch {
    return { verified: false, verification_data: null };
  }
}

const NODE_ALGORITHMS: Record<string, string> = { 'SHA-1': 'sha1', 'SHA-256': 'sha256', 'SHA-512': 'sha512' };

/** Brute-forces a challenge (development and tests only): the number, or null when none up to `max`. */
export function solveChallenge(challenge: string, salt: string, algorithm = ALGORITHM, max = CAPTCHA_MAX_NUMBER) {
  // a stopwatch, not the time of day: the monotonic clock
  const started = performance.now();
  const name = NODE_ALGORITHMS[algorithm] ?? 'sha256';
  for (let n = 0; n <= max; n += 1) {
    if (
      createHash(name)
        .update(salt + String(n))
        .digest('hex') === challenge
    )
      return { number: n, took: Math.round(performance.now() - started) };
  }
  return null;
}
