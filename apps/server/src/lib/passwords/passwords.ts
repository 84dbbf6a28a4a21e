import { readFileSync } from 'node:fs';
import path from 'node:path';
import { hash, verify, type Algorithm } from '@node-rs/argon2';

// OWASP's argon2id minimum: 19 MiB, 2 passes, 1 lane. `2` is Algorithm.Argon2id (a const enum).
const ARGON2_OPTIONS = { algorithm: 2 as Algorithm, memoryCost: 19456, timeCost: 2, parallelism: 1 };

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

let commonPasswords: Set<string> | null = null;
function isCommonPassword(password: string): boolean {
  commonPasswords ??= new Set(
    readFileSync(path.join(import.meta.dirname, '../data/common-passwords.txt'), 'utf8')
      .split(/\r?\n/)
      .map((line) => line.trim().toLowerCase())
      .filter(Boolean),
  );
  return commonPasswords.has(password.toLowerCase());
}

/** Why a password is refused, or null when it is acceptable. `logins` are the account's own identifiers. */
export function passwordProblem(password: string, logins: Array<string | null | undefined> = []): string | null {
  const length = [...password].length;
  if (length < PASSWORD_MIN) return `This password is too short. It must contain at least ${PASSWORD_MIN} characters.`;
  if (length > PASSWORD_MAX) return `This password is too long. It must contain at most ${PASSWORD_MAX} characters.`;
  if (isCommonPassword(password)) return 'This password is too common.';
  const lowered = password.toLowerCase();
  if (logins.some((login) => login && login.toLowerCase() === lowered))
    return 'The password must not be the same as the login.';
  return null;
}

/** argon2id hash of a password (PHC string). */
export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

// Verifying against this when the account does not exist keeps both answers equally slow.
let dummyHash: Promise<string> | null = null;

/** True when the password matches; with no hash, spends the same time and answers false. */
export async function verifyPassword(storedHash: string | null, password: string): Promise<boolean> {
  if (!storedHash) {
    dummyHash ??= hashPassword('arbor-timing-equaliser');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}
