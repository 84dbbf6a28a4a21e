import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestApp, type TestUser } from '../../testing/test-app.ts';
import { createTree, sampleDocument } from './trees.testing.ts';

// Many tabs saving at once on the same base revision: optimistic concurrency must let exactly one
// win and refuse the others with 412, on SQLite and on PostgreSQL (ARBOR_TEST_DB=postgres), where
// the saves really run in parallel on the connection pool.

let t: TestApp;
let alice: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  alice = await createUser(t.app);
});
afterAll(async () => t?.close());

const PARALLEL = 20;
const treeUrl = (id: number) => `/api/tree/skills_tree/${id}/`;

describe('parallel deletes of one tree', () => {
  it('deletes a tree once for 20 DELETEs sent at once: one 204, nineteen 404', async () => {
    const tree = await createTree(t.app, alice, { data: sampleDocument(3) });
    const results = await Promise.all(
      Array.from({ length: PARALLEL }, () =>
        t.app.inject({ method: 'DELETE', url: treeUrl(tree.id), headers: alice.headers }),
      ),
    );
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 204)).toHaveLength(1);
    expect(statuses.filter((s) => s === 404)).toHaveLength(PARALLEL - 1);
    for (const refused of results.filter((r) => r.statusCode === 404)) expect(refused.json().code).toBe('not_found');
    expect((await t.app.inject({ method: 'GET', url: treeUrl(tree.id), headers: alice.headers })).statusCode).toBe(404);
  });
});

describe('parallel saves with the same If-Match', () => {
  it('accepts exactly one of 20 PATCH saves, refuses nineteen with 412, and bumps the revision by one', async () => {
    const tree = await createTree(t.app, alice, { data: sampleDocument(3) });
    expect(tree.revision).toBe(1);
    const results = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) =>
        t.app.inject({
          method: 'PATCH',
          url: treeUrl(tree.id),
          headers: { ...alice.headers, 'if-match': '"1"' },
          payload: { data: sampleDocument(3, `Tab ${i}`) },
        }),
      ),
    );
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 412)).toHaveLength(PARALLEL - 1);
    for (const refused of results.filter((r) => r.statusCode === 412)) {
      expect(refused.json()).toMatchObject({ code: 'precondition_failed', revision: 2 });
    }
    const winnerIndex = statuses.indexOf(200);
    expect(results[winnerIndex]!.headers.etag).toBe('"2"');

    const current = await t.app.inject({ method: 'GET', url: treeUrl(tree.id), headers: alice.headers });
    expect(current.json()).toMatchObject({ revision: 2 });
    expect(current.json().data.nodes[0].title).toBe(`Tab ${winnerIndex}`);
  });

  it('records exactly one of 20 version saves based on the same revision, with no gap in the numbers', async () => {
    const tree = await createTree(t.app, alice, { data: sampleDocument(3) });
    const results = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/tree/skills_tree_version/',
          headers: { ...alice.headers, 'if-match': '"1"' },
          payload: { tree: tree.id, message: `tab ${i}`, data: sampleDocument(4, `Tab ${i}`) },
        }),
      ),
    );
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 412)).toHaveLength(PARALLEL - 1);
    const created = results[statuses.indexOf(201)]!.json();
    expect(created.number).toBe(2);

    const versions = await t.app.inject({
      method: 'GET',
      url: `/api/tree/skills_tree_version/?tree=${tree.id}`,
      headers: alice.headers,
    });
    expect(versions.json().results.map((v: { number: number }) => v.number)).toEqual([2, 1]);
    const current = await t.app.inject({ method: 'GET', url: treeUrl(tree.id), headers: alice.headers });
    expect(current.json()).toMatchObject({ revision: 2, latest_version: 2 });
  });

  it('numbers 20 parallel version saves without If-Match 2…21, each one exactly once', async () => {
    const tree = await createTree(t.app, alice);
    const results = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/tree/skills_tree_version/',
          headers: alice.headers,
          payload: { tree: tree.id, message: `v${i}` },
        }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(PARALLEL).fill(201));
    const numbers = results.map((r) => r.json().number as number).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: PARALLEL }, (_, i) => i + 2));
  });
});

describe('parallel metadata patches of different fields', () => {
  it('keeps both changes of 20 tag/title PATCH pairs sent at once, search columns included', async () => {
    const trees = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) => createTree(t.app, alice, { title: `Pair ${i}`, tags: ['old'] })),
    );
    const results = await Promise.all(
      trees.flatMap((tree, i) => [
        t.app.inject({
          method: 'PATCH',
          url: treeUrl(tree.id),
          headers: alice.headers,
          payload: { tags: [`tagged${i}`, 'fresh'] },
        }),
        t.app.inject({
          method: 'PATCH',
          url: treeUrl(tree.id),
          headers: alice.headers,
          payload: { title: `Renamed ${i}`, description: `about ${i}` },
        }),
      ]),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(PARALLEL * 2).fill(200));

    for (const [i, tree] of trees.entries()) {
      const current = (await t.app.inject({ method: 'GET', url: treeUrl(tree.id), headers: alice.headers })).json();
      expect(current).toMatchObject({
        title: `Renamed ${i}`,
        description: `about ${i}`,
        tags: [`tagged${i}`, 'fresh'],
        revision: 1,
      });
      // The derived columns follow both patches: the tree is found by its new tag and its new title.
      const byTag = await t.app.inject({
        method: 'GET',
        url: `/api/tree/skills_tree/?tags=tagged${i},fresh&search=renamed ${i}`,
        headers: alice.headers,
      });
      expect(byTag.json().results.map((found: { id: number }) => found.id)).toEqual([tree.id]);
      const byOldTag = await t.app.inject({
        method: 'GET',
        url: `/api/tree/skills_tree/?tags=old&search=about ${i}`,
        headers: alice.headers,
      });
      expect(byOldTag.json().count).toBe(0);
    }
  });
});

describe('tree reads sent at once by different callers', () => {
  // On PostgreSQL the reads of one turn share a statement (db/batched-read.ts): each answer must still be
  // its caller's own, with its caller's session checked.
  it('answers each caller as if it had asked alone: own trees, 404 for a private one, 401 for an ended session', async () => {
    const bob = await createUser(t.app);
    const carol = await createUser(t.app);
    const dave = await createUser(t.app);
    const own = await createTree(t.app, alice, {
      title: 'Alice private',
      visibility: 'private',
      data: sampleDocument(3),
    });
    const bobs = await createTree(t.app, bob, { title: 'Bob public', visibility: 'public', data: sampleDocument(2) });
    await t.app.db.updateTable('users').set({ is_active: 0 }).where('id', '=', carol.id).execute();
    await t.app.db
      .updateTable('users')
      .set((eb) => ({ session_version: eb('session_version', '+', 1) }))
      .where('id', '=', dave.id)
      .execute();
    const byUuid = (uuid: string) => `/api/tree/skills_tree/get_data_by_uuid/?uuid=${uuid}`;
    const cases = [
      { user: alice, url: treeUrl(own.id), status: 200, title: 'Alice private' },
      { user: alice, url: byUuid(bobs.uuid), status: 200, title: 'Bob public' },
      { user: bob, url: treeUrl(own.id), status: 404 },
      { user: bob, url: byUuid(own.uuid), status: 404 },
      { user: bob, url: treeUrl(bobs.id), status: 200, title: 'Bob public' },
      { user: carol, url: treeUrl(bobs.id), status: 401 },
      { user: dave, url: byUuid(bobs.uuid), status: 401 },
      { user: alice, url: treeUrl(own.id + 100_000), status: 404 },
    ];
    const rounds = Array.from({ length: 4 }, (_, round) => cases.map((c, i) => cases[(i + round * 3) % cases.length]!));
    const sent = rounds.flat();
    const answers = await Promise.all(
      sent.map((c) => t.app.inject({ method: 'GET', url: c.url, headers: c.user.headers })),
    );
    answers.forEach((answer, i) => {
      const expected = sent[i]!;
      expect(answer.statusCode, `${expected.user.username} ${expected.url}`).toBe(expected.status);
      if (expected.title) expect(answer.json()).toMatchObject({ title: expected.title, owner: expect.anything() });
      if (expected.status === 401) expect(answer.json().code).toBe('token_not_valid');
    });
  });
});
