import { createHmac, hkdfSync, randomInt, timingSafeEqual } from 'node:crypto';

/** A purpose-bound key derived from SECRET_KEY, so one leaked derived key reveals nothing else. */
export function deriveKey(secret: string, purpose: string): string {
  return Buffer.from(hkdfSync('sha256', secret, 'arbor', purpose, 32)).toString('hex');
}

export function hmacSha256Hex(key: string, data: string): string {
  return createHmac('sha256', key).update(data).digest('hex');
}

/** Constant-time comparison of two strings (false when lengths differ). */
export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** `length` random decimal digits from a CSPRNG (leading zeros kept). */
export function randomDigits(length: number): string {
  let out = '';
  for (let i = 0; i < length; i += 1) out += String(randomInt(10));
  return out;
}
