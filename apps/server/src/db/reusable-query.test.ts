import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestApp, type TestUser } from '../testing/test-app.ts';
import { reusableQuery } from './reusable-query.ts';

let t: TestApp;
let users: TestUser[];

beforeAll(async () => {
  t = await createTestApp();
  users = [await createUser(t.app), await createUser(t.app), await createUser(t.app)];
});
afterAll(async () => t?.close());

describe('reusableQuery', () => {
  it('runs the statement it compiled once with each call’s own arguments, in any parameter order', async () => {
    let builds = 0;
    const byIdAndName = reusableQuery(2, (db, name: string, id: number) => {
      builds += 1;
      return db
        .selectFrom('users')
        .select(['id', 'username'])
        .where('id', '=', id)
        .where('is_active', '=', 1)
        .where('username', '=', name);
    });
    for (const user of [...users, ...users]) {
      expect(await byIdAndName(t.app.db, user.username, user.id)).toEqual([{ id: user.id, username: user.username }]);
    }
    expect(await byIdAndName(t.app.db, users[0]!.username, users[1]!.id)).toEqual([]);
    expect(builds).toBe(1);
  });

  it('compiles again for another database or a transaction, which see their own rows', async () => {
    const byId = reusableQuery(1, (db, id: number) => db.selectFrom('users').select('username').where('id', '=', id));
    await t.app.db.transaction().execute(async (trx) => {
      await trx.updateTable('users').set({ username: 'renamed_in_trx' }).where('id', '=', users[0]!.id).execute();
      expect(await byId(trx, users[0]!.id)).toEqual([{ username: 'renamed_in_trx' }]);
      await trx.updateTable('users').set({ username: users[0]!.username }).where('id', '=', users[0]!.id).execute();
    });
    expect(await byId(t.app.db, users[0]!.id)).toEqual([{ username: users[0]!.username }]);
  });

  it('refuses a statement that does not take an argument as a parameter', async () => {
    const broken = reusableQuery<[number, number], { id: number }>(2, (db, id) =>
      db.selectFrom('users').select('id').where('id', '=', id),
    );
    await expect(broken(t.app.db, users[0]!.id, 5)).rejects.toThrow(/argument 1 is not a parameter/);
  });
});
