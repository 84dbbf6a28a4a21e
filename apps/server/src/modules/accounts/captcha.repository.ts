import type { Executor } from '../../db/connection.ts';

/** True when a solution to that challenge was already accepted. */
export async function isChallengeUsed(db: Executor, challenge: string): Promise<boolean> {
  const used = await db
    .selectFrom('captcha_solutions')
    .select('challenge')
    .where('challenge', '=', challenge)
    .executeTakeFirst();
  return Boolean(used);
}

/** Records an accepted solution; a second one for the same challenge is a unique violation. */
export async function insertUsedChallenge(db: Executor, challenge: string, expiresAt: string): Promise<void> {
  await db.insertInto('captcha_solutions').values({ challenge, expires_at: expiresAt }).execute();
}

/** Forgets accepted solutions whose challenge has expired anyway. */
export async function deleteExpiredChallenges(db: Executor, now: string): Promise<void> {
  await db.deleteFrom('captcha_solutions').where('expires_at', '<', now).execute();
}
