import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CLI_COMMANDS } from '../../cli-commands.ts';
import { runStartupTasks } from '../../startup.ts';
import { createTestApp, createUser, type TestApp } from '../../testing/test-app.ts';
import { freshIp } from './accounts.testing.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ ARBOR_ADMIN_USERNAME: 'boss', ARBOR_ADMIN_PASSWORD: 'boss-bootstrap-pass-1' });
  vi.spyOn(console, 'log').mockImplementation(() => undefined);
});
afterAll(async () => t?.close());

const cli = (...args: string[]) =>
  CLI_COMMANDS[args[0]!]!.run({ config: t.config, db: t.app.db, clock: t.app.deps.clock, args: args.slice(1) });
const login = (username: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/token/', payload: { username, password }, remoteAddress: freshIp() });
const roleOf = async (username: string) =>
  (
    await t.app.db
      .selectFrom('users')
      .select('role')
      .where('username_lower', '=', username.toLowerCase())
      .executeTakeFirstOrThrow()
  ).role;

describe('admin bootstrap', () => {
  it('creates the configured admin at start, and is idempotent', async () => {
    await runStartupTasks(t.app);
    await runStartupTasks(t.app);
    expect(await roleOf('boss')).toBe('admin');
    expect((await login('boss', 'boss-bootstrap-pass-1')).statusCode).toBe(200);
    expect(await t.app.db.selectFrom('users').select('id').where('username_lower', '=', 'boss').execute()).toHaveLength(
      1,
    );
  });

  it('promotes an existing account of that name', async () => {
    await t.app.db.updateTable('users').set({ role: 'user' }).where('username_lower', '=', 'boss').execute();
    await runStartupTasks(t.app);
    expect(await roleOf('boss')).toBe('admin');
  });
});

describe('CLI', () => {
  it('creates users, promotes them and resets their password', async () => {
    await cli('create-user', 'cli_person', 'cli-person-pass-1', '--email', 'CLI@example.com');
    expect(await roleOf('cli_person')).toBe('user');
    expect((await login('cli@example.com', 'cli-person-pass-1')).statusCode).toBe(200);
    await cli('promote', 'cli_person');
    expect(await roleOf('cli_person')).toBe('admin');
    await cli('reset-password', 'cli_person', 'cli-person-pass-2');
    expect((await login('cli_person', 'cli-person-pass-2')).statusCode).toBe(200);
  });

  it('refuses bad input with a readable error', async () => {
    await expect(cli('create-user', 'x', 'cli-person-pass-1')).rejects.toThrow(/Usernames/);
    await expect(cli('create-user', 'weakling', 'password')).rejects.toThrow(/common/);
    await expect(cli('promote', 'nobody-at-all')).rejects.toThrow(/No user/);
    const user = await createUser(t.app);
    await expect(cli('create-user', user.username, 'cli-person-pass-1')).rejects.toThrow(/exists/);
  });
});
