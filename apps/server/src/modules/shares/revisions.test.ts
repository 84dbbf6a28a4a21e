import { addChild, createTreeDocument, moveNode, deleteSubtree, updateNode, type TreeDocument } from '@arbor/tree-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestApp, type TestUser } from '../../testing/test-app.ts';
import { insertBareTemplate, reviseBareTemplate } from './templates.testing.ts';
import { storedRevisionBytes } from './revisions.repository.ts';

let t: TestApp;
let alice: TestUser;
let bob: TestUser;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  alice = await createUser(t.app);
  bob = await createUser(t.app);
  admin = await createUser(t.app, { role: 'admin' });
});
afterAll(async () => t?.close());

const shared = '/api/community/trees-shared';
const get = (url: string, user?: TestUser | null) =>
  t.app.inject({ method: 'GET', url: `${shared}/${url}`, headers: user?.headers });

/** A root with one child per title; a child's id is its title's first letter, so 'B' and 'B2' are one node. */
const treeDoc = (titles: string[]) => ({
  nodes: [
    { id: 'root', parent_id: null, title: 'Root' },
    ...titles.map((title) => ({ id: title[0]!.toLowerCase(), parent_id: 'root', title })),
  ],
});

async function createTree(owner: TestUser, titles: string[]): Promise<number> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/tree/skills_tree/',
    headers: owner.headers,
    payload: { title: 'History', tags: ['history'], data: treeDoc(titles) },
  });
  expect(res.statusCode).toBe(201);
  return res.json().id as number;
}

/** Makes `titles` the tree's working copy (as a new version). */
async function saveTree(owner: TestUser, tree: number, titles: string[]) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/tree/skills_tree_version/',
    headers: owner.headers,
    payload: { tree, data: treeDoc(titles) },
  });
  expect(res.statusCode).toBe(201);
}

const share = (owner: TestUser, tree: number, body: Record<string, unknown> = {}) =>
  t.app.inject({
    method: 'POST',
    url: `${shared}/share_tree/`,
    headers: owner.headers,
    payload: { tree, ...body },
  });

describe('template revisions', () => {
  it('numbers every re-share as the next revision, with its message, trimmed', async () => {
    const tree = await createTree(alice, ['A', 'B']);
    const first = await share(alice, tree, { message: '  First cut ' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ revision: 1, contributors: [] });
    await saveTree(alice, tree, ['A', 'B changed', 'C']);
    const second = await share(alice, tree, { message: 'Adds C' });
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({ id: first.json().id, revision: 2, node_count: 4 });
    await saveTree(alice, tree, ['B changed', 'C']);
    const third = await share(alice, tree);
    expect(third.json().revision).toBe(3);
    const id = first.json().id as number;
    // the list and the retrieve say the current revision too
    expect((await get(`${id}/`)).json()).toMatchObject({ revision: 3, contributors: [] });
    expect((await get(`?author=${alice.id}`)).json().results[0]).toMatchObject({ id, revision: 3 });

    const history = await get(`${id}/history/`);
    expect(history.statusCode).toBe(200);
    expect(history.json()).toEqual({
      count: 3,
      next: null,
      previous: null,
      results: [
        {
          revision: 3,
          message: '',
          node_count: 3,
          changes: { added: 0, removed: 1, changed: 0, moved: 0 },
          created_at: expect.any(String),
        },
        {
          revision: 2,
          message: 'Adds C',
          node_count: 4,
          changes: { added: 1, removed: 0, changed: 1, moved: 0 },
          created_at: expect.any(String),
        },
        {
          revision: 1,
          message: 'First cut',
          node_count: 3,
          changes: { added: 3, removed: 0, changed: 0, moved: 0 },
          created_at: expect.any(String),
        },
      ],
    });
  });

  it('refuses a message over 500 characters, naming the field, and records nothing', async () => {
    const tree = await createTree(alice, ['A']);
    const id = (await share(alice, tree)).json().id as number;
    const res = await share(alice, tree, { message: 'x'.repeat(501) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      detail: expect.any(String),
      code: 'invalid',
      fields: { message: ['A revision message is at most 500 characters.'] },
    });
    await saveTree(alice, tree, ['A', 'B']);
    expect((await share(alice, tree, { message: 'x'.repeat(500) })).statusCode).toBe(200);
    expect((await get(`${id}/history/`)).json().count).toBe(2);
  });

  it('records no empty revision for a re-share that changes nothing, says so, and still updates the listing', async () => {
    const tree = await createTree(alice, ['A']);
    const first = await share(alice, tree, { message: 'First cut' });
    expect(first.json()).not.toHaveProperty('unchanged');
    const id = first.json().id as number;
    const again = await share(alice, tree, { message: 'Nothing new', title: 'History, retitled' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ id, revision: 1, unchanged: true, title: 'History, retitled' });
    const history = (await get(`${id}/history/`)).json();
    expect(history.results.map((r: { revision: number; message: string }) => [r.revision, r.message])).toEqual([
      [1, 'First cut'],
    ]);
    expect((await get(`${id}/`)).json()).toMatchObject({ revision: 1, title: 'History, retitled' });
    // a change after it is the next revision, with its line
    await saveTree(alice, tree, ['A', 'B']);
    const changed = await share(alice, tree, { message: 'Adds B' });
    expect(changed.json()).toMatchObject({ revision: 2 });
    expect(changed.json()).not.toHaveProperty('unchanged');
  });

  it('pages the history newest first', async () => {
    const id = await insertBareTemplate(t.app, {
      authorId: alice.id,
      title: 'Paged',
      createdAt: new Date().toISOString(),
    });
    for (let i = 2; i <= 5; i++) await reviseBareTemplate(t.app, id, { message: `r${i}` });
    const page1 = (await get(`${id}/history/?page_size=2`)).json();
    expect(page1.count).toBe(5);
    expect(page1.results.map((r: { revision: number }) => r.revision)).toEqual([5, 4]);
    expect(page1.next).toContain('page=2');
    const page3 = (await get(`${id}/history/?page_size=2&page=3`)).json();
    expect(page3.results.map((r: { revision: number }) => r.revision)).toEqual([1]);
    expect((await get(`${id}/history/?page=0`)).statusCode).toBe(400);
  });

  it('reads every revision back exactly, across delta chains and new snapshots', async () => {
    let doc = createTreeDocument('Chains');
    for (let i = 1; i <= 30; i++) doc = addChild(doc, 'root', { id: `c${i}`, title: `Child ${i}` }).document;
    const id = await insertBareTemplate(t.app, {
      authorId: alice.id,
      title: 'Chains',
      createdAt: new Date().toISOString(),
    });
    const expected: TreeDocument[] = [];
    for (let r = 2; r <= 40; r++) {
      doc = updateNode(doc, `c${(r % 30) + 1}`, { title: `Edited in ${r}`, summary: 'x'.repeat(r) });
      if (r % 4 === 0) doc = addChild(doc, `c${(r % 7) + 1}`, { id: `a${r}`, title: `Added ${r}` }).document;
      if (r % 9 === 0) doc = deleteSubtree(doc, `a${r - 1 - ((r - 1) % 4)}`);
      if (r % 11 === 0) doc = moveNode(doc, `c${r % 30}`, `c${(r + 3) % 30}`);
      await reviseBareTemplate(t.app, id, { document: doc, message: `r${r}` });
      expected[r] = doc;
    }
    const stored = await storedRevisionBytes(t.app.db, id);
    expect(stored.count).toBe(40);
    expect(stored.snapshots).toBeGreaterThan(1);
    expect(stored.snapshots).toBeLessThan(40);
    for (let r = 2; r <= 40; r++) {
      const res = await get(`${id}/history/${r}/`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ revision: r, message: `r${r}`, node_count: expected[r]!.nodes.length });
      expect(res.json().data).toEqual(expected[r]);
    }
    // the current snapshot is the newest revision
    expect((await get(`${id}/`)).json().data).toEqual(expected[40]);
    expect((await get(`${id}/history/41/`)).statusCode).toBe(404);
  });

  it('compares two revisions either way, and refuses bad numbers', async () => {
    const tree = await createTree(alice, ['A', 'B']);
    const id = (await share(alice, tree)).json().id as number;
    await saveTree(alice, tree, ['A', 'B2', 'C', 'D']);
    await share(alice, tree);
    const forward = await get(`${id}/compare/?from=1&to=2`);
    expect(forward.statusCode).toBe(200);
    expect(forward.json().changes).toEqual({ added: 2, removed: 0, changed: 1, moved: 0 });
    expect(forward.json().diff.added.map((n: { title: string }) => n.title)).toEqual(['C', 'D']);
    expect(forward.json().diff.changed).toEqual([{ id: 'b', fields: { title: { from: 'B', to: 'B2' } } }]);
    expect((await get(`${id}/compare/?from=2&to=1`)).json().changes).toEqual({
      added: 0,
      removed: 2,
      changed: 1,
      moved: 0,
    });
    expect((await get(`${id}/compare/?from=2&to=2`)).json().changes).toEqual({
      added: 0,
      removed: 0,
      changed: 0,
      moved: 0,
    });
    for (const query of ['from=0&to=1', 'from=a&to=1', 'from=1', 'from=1&to=-2', 'from=1.5&to=2']) {
      const res = await get(`${id}/compare/?${query}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('invalid');
    }
    const missing = await get(`${id}/compare/?from=1&to=3`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ code: 'not_found', detail: 'No such revision.' });
    expect((await get(`${id}/history/0/`)).statusCode).toBe(400);
    expect((await get(`999999/history/`)).statusCode).toBe(404);
  });

  it('is public, and hides a hidden template from all but its author and admins', async () => {
    const tree = await createTree(alice, ['A']);
    const first = (await share(alice, tree)).json();
    await saveTree(alice, tree, ['A', 'B']);
    await share(alice, tree);
    for (const url of [`${first.id}/history/`, `${first.uuid}/history/2/`, `${first.id}/compare/?from=1&to=2`])
      expect((await get(url, null)).statusCode).toBe(200);
    await t.app.db.updateTable('shares').set({ hidden: 1 }).where('id', '=', first.id).execute();
    for (const url of [`${first.id}/history/`, `${first.id}/history/2/`, `${first.id}/compare/?from=1&to=2`]) {
      expect((await get(url, null)).statusCode).toBe(404);
      expect((await get(url, bob)).statusCode).toBe(404);
      expect((await get(url, alice)).statusCode).toBe(200);
      expect((await get(url, admin)).statusCode).toBe(200);
    }
  });

  it("leaves another author's template alone, and goes with its template", async () => {
    const aliceTree = await createTree(alice, ['A']);
    const bobTree = await createTree(bob, ['B']);
    const mine = (await share(alice, aliceTree)).json();
    const theirs = (await share(bob, bobTree)).json();
    await saveTree(alice, aliceTree, ['A', 'B']);
    await share(alice, aliceTree, { message: 'more' });
    expect((await get(`${mine.id}/`)).json().revision).toBe(2);
    expect((await get(`${theirs.id}/`)).json().revision).toBe(1);
    expect((await get(`${theirs.id}/history/`)).json().count).toBe(1);
    const removed = await t.app.inject({ method: 'DELETE', url: `${shared}/${mine.id}/`, headers: alice.headers });
    expect(removed.statusCode).toBe(204);
    const left = await t.app.db.selectFrom('share_revisions').select('id').where('share_id', '=', mine.id).execute();
    expect(left).toEqual([]);
    expect((await get(`${mine.id}/history/`)).statusCode).toBe(404);
    expect((await get(`${theirs.id}/history/1/`)).json().data.nodes).toHaveLength(2);
  });
});
