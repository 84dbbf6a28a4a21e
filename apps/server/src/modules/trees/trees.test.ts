import { call } from '../../testing/call.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestApp, type TestUser } from '../../testing/test-app.ts';
import { createTree, sampleDocument } from './trees.testing.ts';
import { createTreeFromDocument, getTreeDocumentForOwner, readDocumentForViewer } from './trees.service.ts';

let t: TestApp;
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  t = await createTestApp({ TREE_MAX_NODES: '50', TREE_MAX_BYTES: '20000' });
  alice = await createUser(t.app);
  bob = await createUser(t.app);
});
afterAll(async () => t?.close());

const url = (id: number | string = '') => `/api/tree/skills_tree/${id === '' ? '' : `${id}/`}`;
const inject = (
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  user: TestUser | null,
  payload?: unknown,
  headers: Record<string, string> = {},
) => call(t.app, user, method, path, payload as object | undefined, { headers });

describe('creating and reading trees', () => {
  it('creates a tree with a one-node document, version 1 and an ETag', async () => {
    const res = await inject('POST', url(), alice, { title: 'Machine learning', tags: ['ML', 'ai'] });
    expect(res.statusCode).toBe(201);
    const tree = res.json();
    expect(tree).toMatchObject({
      title: 'Machine learning',
      description: '',
      tags: ['ML', 'ai'],
      visibility: 'private',
      cover_url: null,
      owner: { id: alice.id, username: alice.username },
      node_count: 1,
      revision: 1,
      latest_version: 1,
    });
    expect(tree.uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(tree.data.nodes[0]).toEqual({
      id: 'root',
      parent_id: null,
      title: 'Machine learning',
      summary: '',
      content: '',
      icon: null,
      color: null,
      image_id: null,
      resources: [],
      collapsed: false,
      position: null,
      estimate_minutes: null,
    });
    expect(res.headers.etag).toBe('"1"');
  });

  it('creates a tree from a document, filling in defaults', async () => {
    const tree = await createTree(t.app, alice, { data: sampleDocument(5), visibility: 'public' });
    expect(tree.node_count).toBe(5);
    expect(tree.data.layout).toEqual({ direction: 'TB' });
    expect(tree.data.links).toEqual([]);
    expect(tree.data.nodes[4]).toMatchObject({ id: 'n4', parent_id: 'n2', summary: '', resources: [] });
  });

  it('retrieves an own tree with data, and answers 404 for another user’s private tree', async () => {
    const tree = await createTree(t.app, alice);
    const own = await inject('GET', url(tree.id), alice);
    expect(own.statusCode).toBe(200);
    expect(own.json().data.nodes).toHaveLength(1);
    expect(own.headers.etag).toBe('"1"');
    const other = await inject('GET', url(tree.id), bob);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ detail: 'Not found.', code: 'not_found' });
    expect((await inject('GET', `${url()}get_data_by_uuid/?uuid=${tree.uuid}`, bob)).statusCode).toBe(404);
    expect((await inject('GET', url(999999), alice)).statusCode).toBe(404);
  });

  it('lets others read a public or unlisted tree but not change it', async () => {
    for (const visibility of ['public', 'unlisted']) {
      const tree = await createTree(t.app, alice, { visibility });
      expect((await inject('GET', url(tree.id), bob)).statusCode).toBe(200);
      const byUuid = await inject('GET', `${url()}get_data_by_uuid/?uuid=${tree.uuid}`, bob);
      expect(byUuid.statusCode).toBe(200);
      expect(byUuid.json().data.nodes[0].title).toBe('My tree');
      expect((await inject('PATCH', url(tree.id), bob, { title: 'Mine now' })).statusCode).toBe(403);
      expect((await inject('DELETE', url(tree.id), bob)).statusCode).toBe(403);
    }
  });

  it('tells the owner every ability on each answer that carries a tree', async () => {
    const all = { update: true, delete: true, share: true, manage_versions: true, generate: true };
    const created = await createTree(t.app, alice, { visibility: 'public' });
    expect(created.abilities).toEqual(all);
    expect((await inject('GET', url(created.id), alice)).json().abilities).toEqual(all);
    const byUuid = await inject('GET', `${url()}get_data_by_uuid/?uuid=${created.uuid}`, alice);
    expect(byUuid.json().abilities).toEqual(all);
    expect((await inject('PATCH', url(created.id), alice, { title: 'Renamed' })).json().abilities).toEqual(all);
    const listed = (await inject('GET', url(), alice))
      .json()
      .results.find((tree: { id: number }) => tree.id === created.id);
    expect(listed.abilities).toEqual(all);
  });

  it('tells another user reading a public or unlisted tree no ability at all', async () => {
    const none = { update: false, delete: false, share: false, manage_versions: false, generate: false };
    for (const visibility of ['public', 'unlisted']) {
      const tree = await createTree(t.app, alice, { visibility });
      expect((await inject('GET', url(tree.id), bob)).json().abilities).toEqual(none);
      const byUuid = await inject('GET', `${url()}get_data_by_uuid/?uuid=${tree.uuid}`, bob);
      expect(byUuid.json().abilities).toEqual(none);
    }
  });

  it('shows the owner with their avatar, or the default one', async () => {
    const dave = await createUser(t.app);
    const before = await createTree(t.app, dave);
    expect(before.owner).toEqual({
      id: dave.id,
      username: dave.username,
      avatar_url: `${t.config.publicBaseUrl}/images/avatar-64.png`,
    });
    const now = new Date().toISOString();
    await t.app.db
      .insertInto('profiles')
      .values({ user_id: dave.id, avatar_key: 'avatars/abc123.webp', created_at: now, updated_at: now })
      .execute();
    const after = (await inject('GET', url(before.id), dave)).json();
    expect(after.owner.avatar_url).toBe(`${t.config.publicBaseUrl}/media/avatars/abc123.webp`);
    expect((await inject('GET', url(), dave)).json().results[0].owner.avatar_url).toBe(after.owner.avatar_url);
  });

  it('checks the caller in the tree read itself: an ended session, a deactivation or a deleted user is 401 at once', async () => {
    // The two GETs read the caller's user in the tree's own statement (issue 29); the rules stay the auth hook's.
    const reads = (tree: { id: number; uuid: string }) => [url(tree.id), `${url()}get_data_by_uuid/?uuid=${tree.uuid}`];
    const expectStatus = async (user: TestUser | null, paths: string[], status: number, code?: string) => {
      for (const path of paths) {
        const res = await inject('GET', path, user);
        expect(res.statusCode, path).toBe(status);
        if (code) expect(res.json().code, path).toBe(code);
        if (status !== 200) expect(res.body).not.toContain('My tree');
      }
    };
    const ended = await createUser(t.app);
    const deactivated = await createUser(t.app);
    const deleted = await createUser(t.app);
    const missing = [url(999999), `${url()}get_data_by_uuid/?uuid=00000000-0000-4000-8000-000000000000`];
    for (const user of [ended, deactivated, deleted]) {
      const own = await createTree(t.app, user);
      const othersPublic = await createTree(t.app, alice, { visibility: 'public' });
      await expectStatus(user, [...reads(own), ...reads(othersPublic)], 200);
      await expectStatus(user, missing, 404, 'not_found');
      if (user === ended) {
        await t.app.db
          .updateTable('users')
          .set((eb) => ({ session_version: eb('session_version', '+', 1) }))
          .where('id', '=', user.id)
          .execute();
      } else if (user === deactivated) {
        await t.app.db.updateTable('users').set({ is_active: 0 }).where('id', '=', user.id).execute();
      } else {
        await t.app.db.deleteFrom('trees').where('owner_id', '=', user.id).execute();
        await t.app.db.deleteFrom('users').where('id', '=', user.id).execute();
      }
      // 401 whatever the tree: the caller's own, another's public one, or none at all.
      await expectStatus(user, [...reads(own), ...reads(othersPublic), ...missing], 401, 'token_not_valid');
    }
    // Another user's private tree stays 404; no token is 401 before anything is read.
    const hidden = await createTree(t.app, alice);
    await expectStatus(bob, reads(hidden), 404, 'not_found');
    await expectStatus(null, reads(hidden), 401, 'not_authenticated');
    await expectStatus(alice, reads(hidden), 200);
  });

  it('requires authentication', async () => {
    expect((await inject('GET', url(), null)).statusCode).toBe(401);
    expect((await inject('POST', url(), null, { title: 'x' })).statusCode).toBe(401);
  });

  it('checks titles and tags', async () => {
    expect((await inject('POST', url(), alice, { title: '' })).statusCode).toBe(400);
    const tooMany = await inject('POST', url(), alice, {
      title: 'x',
      tags: Array.from({ length: 11 }, (_, i) => `t${i}`),
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().fields.tags).toBeDefined();
    expect((await inject('POST', url(), alice, { title: 'x', tags: ['y'.repeat(31)] })).statusCode).toBe(400);
    expect((await inject('POST', url(), alice, { title: 'x', visibility: 'secret' })).statusCode).toBe(400);
  });
});

describe('document rules', () => {
  it('refuses a cycle with the node named, and saves nothing', async () => {
    const tree = await createTree(t.app, alice);
    const res = await inject('PATCH', url(tree.id), alice, {
      data: {
        nodes: [
          { id: 'root', parent_id: null, title: 'R' },
          { id: 'a', parent_id: 'b', title: 'A' },
          { id: 'b', parent_id: 'a', title: 'B' },
        ],
      },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('invalid');
    expect(body.fields['data.nodes.a.parent_id'][0]).toContain('"a"');
    expect(body.fields['data.nodes.b.parent_id']).toBeDefined();
    expect((await inject('GET', url(tree.id), alice)).json().revision).toBe(1);
  });

  it('refuses a dangling parent with the node named', async () => {
    const res = await inject('POST', url(), alice, {
      title: 'x',
      data: {
        nodes: [
          { id: 'root', parent_id: null, title: 'R' },
          { id: 'lost', parent_id: 'ghost', title: 'L' },
        ],
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields['data.nodes.lost.parent_id'][0]).toMatch(/Node "lost".*"ghost"/);
  });

  it('names the node of a field error, and refuses non-documents', async () => {
    const res = await inject('POST', url(), alice, {
      title: 'x',
      data: { nodes: [{ id: 'root', parent_id: null, title: 'R', color: 'red' }] },
    });
    expect(res.json().fields).toHaveProperty(['data.nodes.root.color']);
    expect((await inject('POST', url(), alice, { title: 'x', data: [1, 2] })).statusCode).toBe(400);
    expect((await inject('POST', url(), alice, { title: 'x', data: { nodes: [] } })).statusCode).toBe(400);
  });

  it('refuses a document over the byte limit with 413', async () => {
    const tree = await createTree(t.app, alice);
    const res = await inject('PATCH', url(tree.id), alice, {
      data: { nodes: [{ id: 'root', parent_id: null, title: 'R', content: 'x'.repeat(25_000) }] },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('payload_too_large');
    expect((await inject('GET', url(tree.id), alice)).json().data.nodes[0].content).toBe('');
  });

  it('refuses more nodes than the limit with 400', async () => {
    const res = await inject('POST', url(), alice, { title: 'x', data: sampleDocument(51) });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields['data.nodes'][0]).toContain('50');
  });
});

describe('saving and concurrency', () => {
  it('bumps the revision on every save of data but not on other fields', async () => {
    const tree = await createTree(t.app, alice);
    const renamed = await inject('PATCH', url(tree.id), alice, {
      title: 'Renamed',
      description: 'd',
      visibility: 'unlisted',
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ title: 'Renamed', description: 'd', visibility: 'unlisted', revision: 1 });
    expect(renamed.json().data).toBeUndefined();
    const saved = await inject('PUT', url(tree.id), alice, { data: sampleDocument(3) }, { 'if-match': '"1"' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ revision: 2, node_count: 3, latest_version: 1 });
    expect(saved.headers.etag).toBe('"2"');
    const again = await inject('PATCH', url(tree.id), alice, { data: sampleDocument(4), base_revision: 2 });
    expect(again.json().revision).toBe(3);
  });

  it('refuses a stale If-Match with 412 and the current revision, writing nothing', async () => {
    const tree = await createTree(t.app, alice);
    await inject('PATCH', url(tree.id), alice, { data: sampleDocument(2) });
    const stale = await inject(
      'PATCH',
      url(tree.id),
      alice,
      { data: sampleDocument(4), title: 'Lost' },
      { 'if-match': '"1"' },
    );
    expect(stale.statusCode).toBe(412);
    expect(stale.json()).toMatchObject({ code: 'precondition_failed', revision: 2 });
    expect(stale.headers.etag).toBe('"2"');
    const current = (await inject('GET', url(tree.id), alice)).json();
    expect(current).toMatchObject({ revision: 2, node_count: 2, title: 'My tree' });
  });

  it('refuses a stale base_revision and a malformed If-Match with 412', async () => {
    const tree = await createTree(t.app, alice);
    expect((await inject('PATCH', url(tree.id), alice, { data: sampleDocument(2), base_revision: 0 })).statusCode).toBe(
      412,
    );
    expect((await inject('PATCH', url(tree.id), alice, { title: 'x' }, { 'if-match': '"abc"' })).statusCode).toBe(412);
    expect((await inject('PATCH', url(tree.id), alice, { title: 'x' }, { 'if-match': '*' })).statusCode).toBe(200);
    expect((await inject('PATCH', url(tree.id), alice, { title: 'y' }, { 'if-match': 'W/"1"' })).statusCode).toBe(200);
  });
});

describe('concurrent saves', () => {
  it('lets exactly one of two saves based on the same revision win', async () => {
    const tree = await createTree(t.app, alice);
    const results = await Promise.all(
      [2, 3].map((count) =>
        inject('PATCH', url(tree.id), alice, { data: sampleDocument(count) }, { 'if-match': '"1"' }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 412]);
    const winner = results.find((r) => r.statusCode === 200)!.json();
    const current = (await inject('GET', url(tree.id), alice)).json();
    expect(current).toMatchObject({ revision: 2, node_count: winner.node_count });
  });
});

describe('listing', () => {
  it('lists only own trees, with search, tags, ordering and pagination', async () => {
    const carol = await createUser(t.app);
    await createTree(t.app, carol, { title: 'Rust basics', tags: ['Programming', 'systems'] });
    await createTree(t.app, carol, { title: 'Baking', description: 'Bread and RUST-free pans', tags: ['food'] });
    await createTree(t.app, carol, { title: 'Go', tags: ['programming'] });
    await createTree(t.app, bob, { title: 'Rust for bob' });
    const list = async (query: string) => (await inject('GET', `${url()}?${query}`, carol)).json();
    const all = await list('');
    expect(all.count).toBe(3);
    expect(all.results.map((r: { title: string }) => r.title)).toEqual(['Go', 'Baking', 'Rust basics']);
    expect(all.results[0].data).toBeUndefined();
    expect((await list('search=rust')).results.map((r: { title: string }) => r.title).sort()).toEqual([
      'Baking',
      'Rust basics',
    ]);
    expect((await list('tags=PROGRAMMING')).count).toBe(2);
    expect((await list('tags=programming,systems')).count).toBe(1);
    expect((await list('search=100%25')).count).toBe(0);
    expect((await list('ordering=title')).results.map((r: { title: string }) => r.title)).toEqual([
      'Baking',
      'Go',
      'Rust basics',
    ]);
    expect((await list('ordering=created_at')).results[0].title).toBe('Rust basics');
    const page = await list('page_size=2&page=2');
    expect(page.results).toHaveLength(1);
    expect(page.previous).toContain('page_size=2');
    expect((await inject('GET', `${url()}?ordering=owner`, carol)).statusCode).toBe(400);
    expect((await inject('GET', `${url()}?page=0`, carol)).statusCode).toBe(400);
  });
});

describe('deleting', () => {
  it('deletes an own tree with its versions', async () => {
    const tree = await createTree(t.app, alice);
    expect((await inject('DELETE', url(tree.id), bob)).statusCode).toBe(404);
    expect((await inject('DELETE', url(tree.id), alice)).statusCode).toBe(204);
    expect((await inject('GET', url(tree.id), alice)).statusCode).toBe(404);
    const versions = await t.app.db.selectFrom('tree_versions').select('id').where('tree_id', '=', tree.id).execute();
    expect(versions).toEqual([]);
  });
});

describe('what other modules use', () => {
  it('takes part in user.deleted: every tree of the user goes with versions and images, files after the commit', async () => {
    const erin = await createUser(t.app);
    const first = await createTree(t.app, erin);
    await createTree(t.app, erin);
    const key = 'node-images/0123456789abcdef0123456789abcdef.webp';
    await t.app.storage.put(key, Buffer.from('webp'), 'image/webp');
    await t.app.db
      .insertInto('node_images')
      .values({
        tree_id: first.id,
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
    const keep = await createTree(t.app, alice);
    await t.app.deps.events.publish(t.app.deps.db, 'user.deleted', { userId: erin.id });
    expect((await inject('GET', url(), erin)).json().count).toBe(0);
    expect(await t.app.db.selectFrom('tree_versions').select('id').where('tree_id', '=', first.id).execute()).toEqual(
      [],
    );
    expect(await t.app.storage.get(key)).toBeNull();
    expect((await inject('GET', url(keep.id), alice)).statusCode).toBe(200);
  });

  it('creates a tree from a document and reads it back for its owner only', async () => {
    const id = await createTreeFromDocument(t.app.deps, alice.id, {
      title: 'From template',
      tags: ['x'],
      data: sampleDocument(3),
      message: 'Imported',
    });
    const { tree, document } = await getTreeDocumentForOwner(t.app.deps, alice, id);
    expect(tree).toMatchObject({ title: 'From template', node_count: 3, latest_version: 1 });
    expect(document.nodes).toHaveLength(3);
    expect((await getTreeDocumentForOwner(t.app.deps, alice, id, { version: 1 })).document).toEqual(document);
    await expect(getTreeDocumentForOwner(t.app.deps, bob, id)).rejects.toMatchObject({ statusCode: 404 });
    await expect(getTreeDocumentForOwner(t.app.deps, alice, id, { version: 9 })).rejects.toMatchObject({
      statusCode: 404,
    });
    await expect(
      createTreeFromDocument(t.app.deps, alice.id, { title: 'bad', data: { nodes: [] } }),
    ).rejects.toMatchObject({ statusCode: 400 });
  });

  it('reads a working copy for whoever may see the tree, by uuid or id, and 404 for the others', async () => {
    const open = await createTree(t.app, alice, { visibility: 'unlisted', data: sampleDocument(3) });
    const closed = await createTree(t.app, alice);
    const byUuid = await readDocumentForViewer(t.app.deps, bob, open.uuid);
    expect(byUuid).toMatchObject({ id: open.id, uuid: open.uuid, title: 'My tree' });
    expect(byUuid.document.nodes).toHaveLength(3);
    expect(await readDocumentForViewer(t.app.deps, bob, { id: open.id })).toEqual(byUuid);
    expect((await readDocumentForViewer(t.app.deps, alice, { id: closed.id })).document.nodes).toHaveLength(1);
    await expect(readDocumentForViewer(t.app.deps, bob, closed.uuid)).rejects.toMatchObject({ statusCode: 404 });
    await expect(readDocumentForViewer(t.app.deps, bob, { id: closed.id })).rejects.toMatchObject({ statusCode: 404 });
  });
});
