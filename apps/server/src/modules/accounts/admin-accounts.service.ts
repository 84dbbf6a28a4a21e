import type { Deps } from '../../deps.ts';
import { hashPassword, passwordProblem } from '../../lib/passwords/passwords.ts';
import { findUserByLogin, insertAccount, updateUser, type UserRow } from './accounts.repository.ts';
import { endAllSessions } from './tokens.service.ts';

/** What the shell commands need: `npm run admin` opens only the database. */
type ShellDeps = Pick<Deps, 'db' | 'clock'>;

const USERNAME = /^[A-Za-z0-9_.-]{3,30}$/;

/** Start-up bootstrap: that admin exists afterwards (created, or promoted keeping its password). Idempotent. */
async function ensureAdmin(
  deps: ShellDeps,
  username: string,
  password: string,
): Promise<'created' | 'promoted' | 'unchanged'> {
  const existing = await findUserByLogin(deps.db, username);
  if (existing) {
    if (existing.role === 'admin' && existing.is_active) return 'unchanged';
    await updateUser(deps.db, existing.id, { role: 'admin', is_active: 1 }, deps.clock.nowIso());
    return 'promoted';
  }
  await createAccountFromShell(deps, { username, password, role: 'admin' });
  return 'created';
}

/** Creates an account from the shell; throws a readable Error on a bad username, address or password. */
export async function createAccountFromShell(
  deps: ShellDeps,
  input: { username: string; password: string; email?: string; phone?: string; role?: 'user' | 'admin' },
): Promise<UserRow> {
  if (!USERNAME.test(input.username)) throw new Error('Usernames have 3 to 30 letters, digits, "_", "-" or ".".');
  if (await findUserByLogin(deps.db, input.username)) throw new Error(`A user named ${input.username} already exists.`);
  const problem = passwordProblem(input.password, [input.username, input.email, input.phone]);
  if (problem) throw new Error(problem);
  const passwordHash = await hashPassword(input.password);
  return deps.db.transaction().execute((trx) =>
    insertAccount(
      trx,
      {
        username: input.username,
        email: input.email?.toLowerCase() ?? null,
        phone: input.phone ?? null,
        passwordHash,
        role: input.role,
      },
      deps.clock.nowIso(),
    ),
  );
}

/** Grants the admin role to an existing account (by username, email or phone). */
export async function promoteToAdmin(deps: ShellDeps, login: string): Promise<UserRow> {
  const user = await findUserByLogin(deps.db, login);
  if (!user) throw new Error(`No user ${login}.`);
  await updateUser(deps.db, user.id, { role: 'admin' }, deps.clock.nowIso());
  return user;
}

/** Sets a new password from the shell and ends every session of the account. */
export async function resetPasswordFromShell(deps: ShellDeps, login: string, password: string): Promise<UserRow> {
  const user = await findUserByLogin(deps.db, login);
  if (!user) throw new Error(`No user ${login}.`);
  const problem = passwordProblem(password, [user.username, user.email, user.phone]);
  if (problem) throw new Error(problem);
  await updateUser(deps.db, user.id, { password_hash: await hashPassword(password) }, deps.clock.nowIso());
  await endAllSessions(deps, user.id);
  return user;
}

/** Start-up step: ARBOR_ADMIN_USERNAME / ARBOR_ADMIN_PASSWORD, when both are set. */
export async function bootstrapAdmin(deps: Deps): Promise<void> {
  if (!deps.config.admin) return;
  const outcome = await ensureAdmin(deps, deps.config.admin.username, deps.config.admin.password);
  if (outcome !== 'unchanged') deps.log.info({ outcome }, 'admin account bootstrapped');
}
