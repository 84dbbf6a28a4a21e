import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DomainEventMap } from '../../lib/events/events.ts';
import { createTestApp, createUser, type TestApp, type TestUser } from '../../testing/test-app.ts';
import { createTree } from './trees.testing.ts';

// What the trees module announces to others (tree.deleted) and how it takes part in what others
// announce (user.deleted).

let t: TestApp;
let alice: TestUser;
let bob: TestUser;
const deleted: DomainEventMap['tree.deleted'][] = [];

beforeAll(async () => {
  t = await createTestApp();
  alice = await createUser(t.app);
  bob = await createUser(t.app);
  t.app.deps.events.on('tree.deleted', async (event) => void deleted.push(event));
});
afterAll(async () => t?.close());

const treeUrl = (id: number) => `/api/tree/skills_tree/${id}/`;

describe('tree.deleted', () => {
  it('is published once the tree is deleted, and not when the delete is refused', async () => {
    const tree = await createTree(t.app, alice);
    expect((await t.app.inject({ method: 'DELETE', url: treeUrl(tree.id), headers: bob.headers })).statusCode).toBe(
      404,
    );
    expect(deleted.filter((event) => event.treeId === tree.id)).toEqual([]);
    expect((await t.app.inject({ method: 'DELETE', url: treeUrl(tree.id), headers: alice.headers })).statusCode).toBe(
      204,
    );
    expect(deleted.filter((event) => event.treeId === tree.id)).toEqual([
      { treeId: tree.id, treeUuid: tree.uuid, ownerId: alice.id },
    ]);
  });
});

describe('user.deleted', () => {
  it('removes the user’s trees in the deleting transaction: nothing goes when it rolls back', async () => {
    const erin = await createUser(t.app);
    const tree = await createTree(t.app, erin);
    const key = 'node-images/fedcba9876543210fedcba9876543210.webp';
    await t.app.storage.put(key, Buffer.from('webp'), 'image/webp');
    await t.app.db
      .insertInto('node_images')
      .values({
        tree_id: tree.id,
        owner_id: erin.id,
        node_id: 'root',
        storage_key: key,
        width: 1,
        height: 1,
        bytes: 4,
        content_type: 'image/webp',
        created_at: new Date().toISOString(),
      })
      .execute();
    await expect(
      t.app.deps.events.transaction(t.app.deps.db, async (_trx, publish) => {
        await publish('user.deleted', { userId: erin.id });
        throw new Error('the account deletion failed later on');
      }),
    ).rejects.toThrow('the account deletion failed later on');
    expect((await t.app.inject({ method: 'GET', url: treeUrl(tree.id), headers: erin.headers })).statusCode).toBe(200);
    expect(await t.app.storage.get(key)).not.toBeNull();

    await t.app.deps.events.publish(t.app.deps.db, 'user.deleted', { userId: erin.id });
    expect((await t.app.inject({ method: 'GET', url: treeUrl(tree.id), headers: erin.headers })).statusCode).toBe(404);
    expect(await t.app.storage.get(key)).toBeNull();
  });
});
