import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Trx } from '../../db/connection.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database.ts';
import { DomainEvents } from './events.ts';

let database: TestDatabase;
const log = { error: vi.fn() };

beforeAll(async () => {
  database = await createTestDatabase();
  await migrateToLatest(database.handle.db);
});
afterAll(async () => database.destroy());

const userCount = async () =>
  Number(
    (
      await database.handle.db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

const insertUser = (trx: Trx, username: string) =>
  trx
    .insertInto('users')
    .values({
      username,
      username_lower: username,
      email: null,
      phone: null,
      password_hash: null,
      role: 'user',
      is_active: 1,
      date_joined: new Date().toISOString(),
      updated_at: new Date().toISOString(),
    })
    .execute();

describe('domain events', () => {
  it('runs participants inside the transaction and handlers only after it committed', async () => {
    const events = new DomainEvents(log);
    const seen: string[] = [];
    events.within('user.deleted', async (trx, event) => {
      seen.push(`within ${event.userId} ${await userCountIn(trx)}`);
      return async () => void seen.push('later');
    });
    events.on('user.deleted', async (event) => void seen.push(`after ${event.userId} ${await userCount()}`));
    const before = await userCount();
    const userCountIn = async (trx: Trx) =>
      Number(
        (
          await trx
            .selectFrom('users')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );

    const result = await events.transaction(database.handle.db, async (trx, publish) => {
      await insertUser(trx, 'evt-committed');
      await publish('user.deleted', { userId: 7 });
      expect(seen).toEqual([`within 7 ${before + 1}`]);
      return 'done';
    });

    expect(result).toBe('done');
    expect(seen).toEqual([`within 7 ${before + 1}`, 'later', `after 7 ${before + 1}`]);
  });

  it('runs no handler when the transaction rolls back, and the participant undoes the write by failing', async () => {
    const events = new DomainEvents(log);
    const after = vi.fn(async () => undefined);
    events.within('tree.deleted', async () => {
      throw new Error('participant refused');
    });
    events.on('tree.deleted', after);
    const before = await userCount();

    await expect(
      events.transaction(database.handle.db, async (trx, publish) => {
        await insertUser(trx, 'evt-rolled-back');
        await publish('tree.deleted', { treeId: 1, treeUuid: 'u', ownerId: 1 });
      }),
    ).rejects.toThrow('participant refused');

    expect(after).not.toHaveBeenCalled();
    expect(await userCount()).toBe(before);
  });

  it('logs a failing handler without a stack and still runs the next one', async () => {
    const events = new DomainEvents(log);
    const second = vi.fn(async () => undefined);
    events.on('share.deleted', async () => {
      throw new Error('handler broke\n    at secret (file.ts:1:1)');
    });
    events.on('share.deleted', second);

    await events.publish(database.handle.db, 'share.deleted', { shareId: 1, shareUuid: 'u', authorId: 1 });

    expect(second).toHaveBeenCalledOnce();
    expect(log.error).toHaveBeenCalledWith(
      { err: { type: 'Error', code: undefined, message: 'handler broke' } },
      'a domain event handler failed after the commit',
    );
  });
});
