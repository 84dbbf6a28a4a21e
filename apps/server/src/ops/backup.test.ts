import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/connection.ts';
import { createTestApp, createUser, type TestApp } from '../testing/test-app.ts';
import { backupDatabase, defaultBackupPath, restoreDatabase } from './backup.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const usernames = async (url: string) => {
  const handle = openDatabase(url);
  try {
    return (await handle.db.selectFrom('users').select('username').orderBy('id').execute()).map((u) => u.username);
  } finally {
    await handle.close();
  }
};

describe('backup and restore', () => {
  it('backs up while the server runs and restores exactly that state', async () => {
    await createUser(t.app, { username: 'kept_one' });
    await createUser(t.app, { username: 'kept_two' });
    const file = defaultBackupPath(t.config.dataDir, t.config.databaseUrl);
    expect(path.dirname(file)).toBe(path.join(t.config.dataDir, 'backups'));

    await backupDatabase(t.config.databaseUrl, file);
    await expect(backupDatabase(t.config.databaseUrl, file)).rejects.toThrow(/already exists/);

    // Later changes, then a restore with the server stopped.
    await createUser(t.app, { username: 'after_backup' });
    await t.app.db.deleteFrom('users').where('username', '=', 'kept_one').execute();
    const before = await t.app.db.selectFrom('users').select('username').execute();
    expect(before.map((u) => u.username)).toContain('after_backup');
    await t.app.close();
    if (t.database.url.startsWith('postgres')) await t.database.handle.close();

    await restoreDatabase(t.config.databaseUrl, file);
    const names = await usernames(t.config.databaseUrl);
    expect(names).toEqual(['kept_one', 'kept_two']);
  });

  it('refuses to restore from a missing file', async () => {
    await expect(restoreDatabase(t.config.databaseUrl, '/nonexistent/backup.db')).rejects.toThrow(/does not exist/);
  });
});
