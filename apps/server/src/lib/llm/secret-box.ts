import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';

/** A 256-bit key for one purpose, derived from SECRET_KEY so rotating SECRET_KEY rotates it. */
function deriveKey(secret: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'arbor-secret-box', purpose, 32));
}

/** Encrypts a secret at rest with AES-256-GCM: `v1.<iv>.<tag>.<ciphertext>` (base64url parts). */
export function sealSecret(plain: string, secret: string, purpose: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', deriveKey(secret, purpose), iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), body]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

/** Decrypts what `sealSecret` produced; throws when it was tampered with or sealed under another key. */
export function openSecret(sealed: string, secret: string, purpose: string): string {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || body === undefined) throw new Error('unrecognised sealed secret');
  const decipher = createDecipheriv('aes-256-gcm', deriveKey(secret, purpose), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}

/** What may be shown of a secret: its first three and last four characters (`sk-…abcd`). */
export function maskSecret(plain: string): string {
  if (plain.length <= 8) return `…${plain.slice(-2)}`;
  return `${plain.slice(0, 3)}…${plain.slice(-4)}`;
}
