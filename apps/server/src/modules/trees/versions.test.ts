import { call } from '../../testing/call.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestApp, type TestUser } from '../../testing/test-app.ts';
import { createTree, sampleDocument } from './trees.testing.ts';

let t: TestApp;
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  alice = await createUser(t.app);
  bob = await createUser(t.app);
});
afterAll(async () => t?.close());

const versions = '/api/tree/skills_tree_version/';
const trees = '/api/tree/skills_tree/';
const inject = (
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  user: TestUser,
  payload?: unknown,
  headers: Record<string, string> = {},
) => call(t.app, user, method, url, payload as object | undefined, { headers });

const titles = (data: { nodes: { title: string }[] }) => data.nodes.map((n) => n.title);

/** A tree with versions 1 (one node), 2 (3 nodes) and 3 (5 nodes). */
async function treeWithThreeVersions(user = alice) {
  const tree = await createTree(t.app, user, { title: 'Versions' });
  for (const count of [3, 5]) {
    const res = await inject('POST', versions, user, {
      tree: tree.id,
      message: `v with ${count}`,
      data: sampleDocument(count),
    });
    expect(res.statusCode).toBe(201);
  }
  return tree;
}

describe('versions', () => {
  it('records version 1 on creation and numbers new versions without gaps', async () => {
    const tree = await createTree(t.app, alice, { message: 'start' });
    const first = await inject('POST', versions, alice, { tree: tree.id });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ tree: tree.id, number: 2, message: '', node_count: 1, created_by: alice.id });
    expect(first.json().data.nodes).toHaveLength(1);
    await Promise.all([1, 2, 3].map(() => inject('POST', versions, alice, { tree: tree.id })));
    const list = (await inject('GET', `${versions}?tree=${tree.id}`, alice)).json();
    expect(list.count).toBe(5);
    expect(list.results.map((v: { number: number }) => v.number)).toEqual([5, 4, 3, 2, 1]);
    expect(list.results[4].message).toBe('start');
    expect(list.results[0].data).toBeUndefined();
    expect((await inject('GET', `${trees}${tree.id}/`, alice)).json().latest_version).toBe(5);
  });

  it('snapshots given data and makes it the working copy', async () => {
    const tree = await createTree(t.app, alice);
    const res = await inject(
      'POST',
      versions,
      alice,
      { tree: tree.id, message: 'three', data: sampleDocument(3) },
      { 'if-match': '"1"' },
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ number: 2, message: 'three', node_count: 3 });
    expect(res.headers.etag).toBe('"2"');
    const current = (await inject('GET', `${trees}${tree.id}/`, alice)).json();
    expect(current).toMatchObject({ revision: 2, node_count: 3, latest_version: 2 });
  });

  it('refuses a stale If-Match on a new version with 412, recording nothing', async () => {
    const tree = await createTree(t.app, alice);
    await inject('PATCH', `${trees}${tree.id}/`, alice, { data: sampleDocument(2) });
    for (const payload of [{ tree: tree.id, data: sampleDocument(3) }, { tree: tree.id }]) {
      const res = await inject('POST', versions, alice, payload, { 'if-match': '"1"' });
      expect(res.statusCode).toBe(412);
      expect(res.json().revision).toBe(2);
    }
    expect((await inject('GET', `${versions}?tree=${tree.id}`, alice)).json().count).toBe(1);
    expect((await inject('GET', `${trees}${tree.id}/`, alice)).json().node_count).toBe(2);
  });

  it('refuses an invalid document for a version, naming the node', async () => {
    const tree = await createTree(t.app, alice);
    const res = await inject('POST', versions, alice, {
      tree: tree.id,
      data: {
        nodes: [
          { id: 'root', parent_id: null, title: 'R' },
          { id: 'x', parent_id: 'x', title: 'X' },
        ],
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields['data.nodes.x.parent_id']).toBeDefined();
  });

  it('reads any version back with its data, the latest and by uuid', async () => {
    const tree = await treeWithThreeVersions();
    const list = (await inject('GET', `${versions}?tree=${tree.id}`, alice)).json();
    const v2 = list.results.find((v: { number: number }) => v.number === 2);
    const got = (await inject('GET', `${versions}${v2.id}/`, alice)).json();
    expect(got).toMatchObject({ number: 2, message: 'v with 3', node_count: 3 });
    expect(titles(got.data)).toEqual(['Root', 'Node 1', 'Node 2']);
    const latest = (await inject('GET', `${trees}${tree.id}/latest_version/`, alice)).json();
    expect(latest).toMatchObject({ number: 3, node_count: 5 });
    const byUuid = (await inject('GET', `${trees}get_version_by_uuid/?uuid=${tree.uuid}&version=1`, alice)).json();
    expect(byUuid).toMatchObject({ number: 1, node_count: 1 });
    expect((await inject('GET', `${trees}get_version_by_uuid/?uuid=${tree.uuid}`, alice)).json().number).toBe(3);
    expect((await inject('GET', `${trees}get_version_by_uuid/?uuid=${tree.uuid}&version=9`, alice)).statusCode).toBe(
      404,
    );
  });

  it('keeps version data immutable: only the message changes', async () => {
    const tree = await treeWithThreeVersions();
    const v1 = (await inject('GET', `${trees}get_version_by_uuid/?uuid=${tree.uuid}&version=1`, alice)).json();
    const res = await inject('PATCH', `${versions}${v1.id}/`, alice, {
      message: 'renamed',
      data: sampleDocument(9),
      number: 7,
      node_count: 99,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: v1.id, number: 1, message: 'renamed', node_count: 1 });
    const after = (await inject('GET', `${versions}${v1.id}/`, alice)).json();
    expect(after.data).toEqual(v1.data);
    expect((await inject('PUT', `${versions}${v1.id}/`, alice, { message: 'again' })).json().message).toBe('again');
    expect((await inject('PATCH', `${versions}${v1.id}/`, alice, {})).statusCode).toBe(400);
  });

  it('deletes a middle version, keeps the others readable, and refuses the latest', async () => {
    const tree = await treeWithThreeVersions();
    const list = (await inject('GET', `${versions}?tree=${tree.id}`, alice)).json().results as {
      id: number;
      number: number;
    }[];
    const byNumber = (n: number) => list.find((v) => v.number === n)!;
    const before = await Promise.all(
      [1, 3].map(async (n) => (await inject('GET', `${versions}${byNumber(n).id}/`, alice)).json().data),
    );
    const latest = await inject('DELETE', `${versions}${byNumber(3).id}/`, alice);
    expect(latest.statusCode).toBe(400);
    expect(latest.json().code).toBe('invalid');
    expect((await inject('DELETE', `${versions}${byNumber(2).id}/`, alice)).statusCode).toBe(204);
    expect((await inject('GET', `${versions}${byNumber(2).id}/`, alice)).statusCode).toBe(404);
    expect((await inject('GET', `${versions}${byNumber(3).id}/`, alice)).json().data).toEqual(before[1]);
    expect((await inject('DELETE', `${versions}${byNumber(1).id}/`, alice)).statusCode).toBe(204);
    expect((await inject('GET', `${versions}${byNumber(3).id}/`, alice)).json().data).toEqual(before[1]);
    const next = await inject('POST', versions, alice, { tree: tree.id });
    expect(next.json().number).toBe(4);
  });

  it('rolls back as a new version whose data becomes the working copy', async () => {
    const tree = await treeWithThreeVersions();
    const v1 = (await inject('GET', `${trees}get_version_by_uuid/?uuid=${tree.uuid}&version=1`, alice)).json();
    const res = await inject('POST', `${versions}${v1.id}/rollback/`, alice, { message: 'back to start' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ number: 4, message: 'back to start', node_count: 1 });
    expect(res.json().data).toEqual(v1.data);
    expect(res.headers.etag).toBe('"4"');
    const current = (await inject('GET', `${trees}${tree.id}/`, alice)).json();
    expect(current).toMatchObject({ node_count: 1, latest_version: 4, revision: 4 });
    expect(current.data).toEqual(v1.data);
    const noBody = await t.app.inject({ method: 'POST', url: `${versions}${v1.id}/rollback/`, headers: alice.headers });
    expect(noBody.statusCode).toBe(201);
    expect(noBody.json().message).toBe('Rollback to version 1');
  });

  it("names the version of a rollback in the caller's language", async () => {
    const tree = await treeWithThreeVersions();
    const v2 = (await inject('GET', `${trees}get_version_by_uuid/?uuid=${tree.uuid}&version=2`, alice)).json();
    const url = `${versions}${v2.id}/rollback/`;
    for (const [language, name] of [
      ['zh-CN', '回滚到版本 2'],
      ['ja-JP,en;q=0.5', 'バージョン 2 にロールバック'],
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: { ...alice.headers, 'accept-language': language },
      });
      expect(res.statusCode).toBe(201);
      expect(res.json().message).toBe(name);
    }
  });

  it('answers 404 for another user’s versions of a private tree', async () => {
    const tree = await treeWithThreeVersions();
    const v1 = (await inject('GET', `${trees}get_version_by_uuid/?uuid=${tree.uuid}&version=1`, alice)).json();
    expect((await inject('GET', `${versions}?tree=${tree.id}`, bob)).statusCode).toBe(404);
    expect((await inject('GET', `${versions}${v1.id}/`, bob)).statusCode).toBe(404);
    expect((await inject('PATCH', `${versions}${v1.id}/`, bob, { message: 'x' })).statusCode).toBe(404);
    expect((await inject('DELETE', `${versions}${v1.id}/`, bob)).statusCode).toBe(404);
    expect((await inject('POST', `${versions}${v1.id}/rollback/`, bob, {})).statusCode).toBe(404);
    expect((await inject('POST', versions, bob, { tree: tree.id })).statusCode).toBe(404);
    expect((await inject('GET', `${trees}${tree.id}/latest_version/`, bob)).statusCode).toBe(404);
    expect((await inject('GET', `${trees}get_version_by_uuid/?uuid=${tree.uuid}`, bob)).statusCode).toBe(404);
    expect((await inject('GET', `${versions}999999/`, alice)).statusCode).toBe(404);
  });

  it('lets others read versions of a public tree but not change them', async () => {
    const tree = await createTree(t.app, alice, { visibility: 'public' });
    const latest = await inject('GET', `${trees}${tree.id}/latest_version/`, bob);
    expect(latest.statusCode).toBe(200);
    expect((await inject('GET', `${versions}${latest.json().id}/`, bob)).statusCode).toBe(200);
    expect((await inject('PATCH', `${versions}${latest.json().id}/`, bob, { message: 'x' })).statusCode).toBe(403);
    expect((await inject('POST', versions, bob, { tree: tree.id })).statusCode).toBe(403);
  });

  it('requires the tree parameter on the list', async () => {
    expect((await inject('GET', versions, alice)).statusCode).toBe(400);
  });
});
