import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DomainEventMap } from '../../lib/events/events.ts';
import { createTestApp, createUser, type TestApp, type TestUser } from '../../testing/test-app.ts';
import { createTree, sampleDocument } from './trees.testing.ts';

// What the trees module announces to others (tree.deleted, tree.nodes_removed) and how it takes part
// in what others announce (user.deleted).

let t: TestApp;
let alice: TestUser;
let bob: TestUser;
const deleted: DomainEventMap['tree.deleted'][] = [];
const removed: DomainEventMap['tree.nodes_removed'][] = [];

beforeAll(async () => {
  t = await createTestApp();
  alice = await createUser(t.app);
  bob = await createUser(t.app);
  t.app.deps.events.on('tree.deleted', async (event) => void deleted.push(event));
  t.app.deps.events.on('tree.nodes_removed', async (event) => void removed.push(event));
});
afterAll(async () => t?.close());

const treeUrl = (id: number) => `/api/tree/skills_tree/${id}/`;
const versions = '/api/tree/skills_tree_version/';
const removedFrom = (treeId: number) => removed.filter((event) => event.treeId === treeId);
const patch = (user: TestUser, id: number, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'PATCH', url: treeUrl(id), headers: { ...user.headers, ...headers }, payload });

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

describe('tree.nodes_removed', () => {
  it('names the nodes a saved document dropped, and is silent when none was dropped', async () => {
    const tree = await createTree(t.app, alice, { data: sampleDocument(6) });
    expect((await patch(alice, tree.id, { data: sampleDocument(6, 'Renamed') })).statusCode).toBe(200);
    expect((await patch(alice, tree.id, { title: 'Only the title' })).statusCode).toBe(200);
    expect(removedFrom(tree.id)).toEqual([]);
    expect((await patch(alice, tree.id, { data: sampleDocument(4) })).statusCode).toBe(200);
    expect(removedFrom(tree.id)).toEqual([{ treeId: tree.id, nodeIds: ['n4', 'n5'] }]);
  });

  it('is not published for a refused save', async () => {
    const tree = await createTree(t.app, alice, { data: sampleDocument(6) });
    const stale = await patch(alice, tree.id, { data: sampleDocument(2) }, { 'if-match': '"7"' });
    expect(stale.statusCode).toBe(412);
    expect((await patch(bob, tree.id, { data: sampleDocument(2) })).statusCode).toBe(404);
    expect(removedFrom(tree.id)).toEqual([]);
  });

  it('names the nodes a version saved with data and a rollback dropped', async () => {
    const tree = await createTree(t.app, alice, { data: sampleDocument(3) });
    const grown = await t.app.inject({
      method: 'POST',
      url: versions,
      headers: alice.headers,
      payload: { tree: tree.id, data: sampleDocument(5) },
    });
    expect(grown.statusCode).toBe(201);
    expect(removedFrom(tree.id)).toEqual([]);
    const shrunk = await t.app.inject({
      method: 'POST',
      url: versions,
      headers: alice.headers,
      payload: { tree: tree.id, data: sampleDocument(4) },
    });
    expect(shrunk.statusCode).toBe(201);
    expect(removedFrom(tree.id)).toEqual([{ treeId: tree.id, nodeIds: ['n4'] }]);

    const first = (
      await t.app.inject({
        method: 'GET',
        url: `/api/tree/skills_tree/get_version_by_uuid/?uuid=${tree.uuid}&version=1`,
        headers: alice.headers,
      })
    ).json();
    const rollback = await t.app.inject({
      method: 'POST',
      url: `${versions}${first.id}/rollback/`,
      headers: alice.headers,
    });
    expect(rollback.statusCode).toBe(201);
    expect(removedFrom(tree.id)).toEqual([
      { treeId: tree.id, nodeIds: ['n4'] },
      { treeId: tree.id, nodeIds: ['n3'] },
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
