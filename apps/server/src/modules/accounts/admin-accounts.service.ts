import type { FastifyInstance } from 'fastify';
import type { DB } from '../../db/connection.ts';
import { nowIso } from '../../lib/clock.ts';
import { hashPassword, passwordProblem } from '../../lib/passwords/passwords.ts';
import { findUserByLogin, insertAccount, type UserRow } from './accounts.repository.ts';
import { revokeAllRefreshTokens } from './tokens.service.ts';

const USERNAME = /^[A-Za-z0-9_.-]{3,30}$/;

/** Start-up bootstrap: that admin exists afterwards (created, or promoted keeping its password). Idempotent. */
export async function ensureAdmin(
  db: DB,
  username: string,
  password: string,
): Promise<'created' | 'promoted' | 'unchanged'> {
  const existing = await findUserByLogin(db, username);
  if (existing) {
    if (existing.role === 'admin' && existing.is_active) return 'unchanged';
    await db
      .updateTable('users')
      .set({ role: 'admin', is_active: 1, updated_at: nowIso() })
      .where('id', '=', existing.id)
      .execute();
    return 'promoted';
  }
  await createAccountFromShell(db, { username, password, role: 'admin' });
  return 'created';
}

/** Creates an account from the shell; throws a readable Error on a bad username, address or password. */
export async function createAccountFromShell(
  db: DB,
  input: { username: string; password: string; email?: string; phone?: string; role?: 'user' | 'admin' },
): Promise<UserRow> {
  if (!USERNAME.test(input.username)) throw new Error('Usernames have 3 to 30 letters, digits, "_", "-" or ".".');
  if (await findUserByLogin(db, input.username)) throw new Error(`A user named ${input.username} already exists.`);
  const problem = passwordProblem(input.password, [input.username, input.email, input.phone]);
  if (problem) throw new Error(problem);
  const passwordHash = await hashPassword(input.password);
  return db.transaction().execute((trx) =>
    insertAccount(trx, {
      username: input.username,
      email: input.email?.toLowerCase() ?? null,
      phone: input.phone ?? null,
      passwordHash,
      role: input.role,
    }),
  );
}

/** Grants the admin role to an existing account (by username, email or phone). */
export async function promoteToAdmin(db: DB, login: string): Promise<UserRow> {
  const user = await findUserByLogin(db, login);
  if (!user) throw new Error(`No user ${login}.`);
  await db.updateTable('users').set({ role: 'admin', updated_at: nowIso() }).where('id', '=', user.id).execute();
  return user;
}

/** Sets a new password from the shell and ends every session of the account. */
export async function resetPasswordFromShell(db: DB, login: string, password: string): Promise<UserRow> {
  const user = await findUserByLogin(db, login);
  if (!user) throw new Error(`No user ${login}.`);
  const problem = passwordProblem(password, [user.username, user.email, user.phone]);
  if (problem) throw new Error(problem);
  await db
    .updateTable('users')
    .set({ password_hash: await hashPassword(password), updated_at: nowIso() })
    .where('id', '=', user.id)
    .execute();
  await revokeAllRefreshTokens(db, user.id);
  return user;
}

/** Start-up step: ARBOR_ADMIN_USERNAME / ARBOR_ADMIN_PASSWORD, when both are set. */
export async function bootstrapAdmin(app: FastifyInstance): Promise<void> {
  if (!app.config.admin) return;
  const outcome = await ensureAdmin(app.db, app.config.admin.username, app.config.admin.password);
  if (outcome !== 'unchanged') app.log.info({ outcome }, 'admin account bootstrapped');
}
