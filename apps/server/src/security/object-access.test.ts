// Object-level authorization across every feature that takes an id: a second user and an anonymous
// caller never see, change or delete what is not theirs, and the database is the same afterwards.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestApp, type TestUser } from '../testing/test-app.ts';

let t: TestApp;
let owner: TestUser;
let other: TestUser;
const ids: Record<string, number | string> = {};

const doc = { format: 1, nodes: [{ id: 'root', parent_id: null, title: 'Secret plan' }, { id: 'a', parent_id: 'root', title: 'Step A' }] };

async function snapshot() {
  const [trees, versions, images, users, profiles] = await Promise.all([
    t.app.db.selectFrom('trees').selectAll().orderBy('id').execute(),
    t.app.db.selectFrom('tree_versions').selectAll().orderBy('id').execute(),
    t.app.db.selectFrom('node_images').selectAll().orderBy('id').execute(),
    t.app.db.selectFrom('users').selectAll().orderBy('id').execute(),
    t.app.db.selectFrom('profiles').selectAll().orderBy('id').execute(),
  ]);
  return JSON.stringify({ trees, versions, images, users, profiles });
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t.app, { username: 'owner_user' });
  other = await createUser(t.app, { username: 'other_user' });
  const tree = (await t.app.inject({ method: 'POST', url: '/api/tree/skills_tree/', headers: owner.headers, payload: { title: 'Private', data: doc } })).json();
  ids.tree = tree.id;
  ids.treeUuid = tree.uuid;
  const version = (await t.app.inject({ method: 'POST', url: '/api/tree/skills_tree_version/', headers: owner.headers, payload: { tree: tree.id, message: 'v2' } })).json();
  ids.version = version.id;
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#123456' } }).png().toBuffer();
  const boundary = '----arbor';
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="tree"\r\n\r\n${tree.id}\r\n`),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="node_id"\r\n\r\na\r\n`),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`),
    png,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const image = await t.app.inject({
    method: 'POST',
    url: '/api/tree/node_image/',
    headers: { ...owner.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: body,
  });
  expect(image.statusCode).toBe(201);
  ids.image = image.json().id;
  const profile = (await t.app.inject({ method: 'GET', url: '/api/profile/users/me/', headers: owner.headers })).json();
  ids.profile = profile.profile.id;
});
afterAll(async () => t?.close());

// [method, what, url, body]: url and body are functions because the ids exist only after beforeAll.
type Case = [string, string, () => string, (() => unknown)?];
const CASES: Case[] = [
  ['GET', 'tree', () => `/api/tree/skills_tree/${ids.tree}/`],
  ['PATCH', 'tree', () => `/api/tree/skills_tree/${ids.tree}/`, () => ({ title: 'Mine now' })],
  ['PUT', 'tree', () => `/api/tree/skills_tree/${ids.tree}/`, () => ({ title: 'Mine now' })],
  ['DELETE', 'tree', () => `/api/tree/skills_tree/${ids.tree}/`],
  ['GET', 'latest version', () => `/api/tree/skills_tree/${ids.tree}/latest_version/`],
  ['GET', 'tree by uuid', () => `/api/tree/skills_tree/get_data_by_uuid/?uuid=${ids.treeUuid}`],
  ['GET', 'version by uuid', () => `/api/tree/skills_tree/get_version_by_uuid/?uuid=${ids.treeUuid}&version=1`],
  ['GET', 'version list', () => `/api/tree/skills_tree_version/?tree=${ids.tree}`],
  ['POST', 'new version', () => '/api/tree/skills_tree_version/', () => ({ tree: ids.tree, message: 'x' })],
  ['GET', 'version', () => `/api/tree/skills_tree_version/${ids.version}/`],
  ['PATCH', 'version', () => `/api/tree/skills_tree_version/${ids.version}/`, () => ({ message: 'hijacked' })],
  ['DELETE', 'version', () => `/api/tree/skills_tree_version/${ids.version}/`],
  ['POST', 'rollback', () => `/api/tree/skills_tree_version/${ids.version}/rollback/`, () => ({})],
  ['GET', 'node image', () => `/api/tree/node_image/${ids.image}/`],
  ['PATCH', 'node image', () => `/api/tree/node_image/${ids.image}/`, () => ({ node_id: 'root' })],
  ['DELETE', 'node image', () => `/api/tree/node_image/${ids.image}/`],
  ['GET', 'user', () => `/api/profile/users/${owner.id}/`],
  ['PATCH', 'user', () => `/api/profile/users/${owner.id}/`, () => ({ username: 'taken_over' })],
  ['DELETE', 'user', () => `/api/profile/users/${owner.id}/`, () => ({})],
  ['GET', 'profile', () => `/api/profile/profiles/${ids.profile}/`],
  ['PATCH', 'profile', () => `/api/profile/profiles/${ids.profile}/`, () => ({ nickname: 'pwned' })],
];

describe('another user', () => {
  it.each(CASES)('%s the owner’s %s answers 404 and changes nothing', async (method, _what, url, body) => {
    const before = await snapshot();
    const res = await t.app.inject({ method: method as 'GET', url: url(), headers: other.headers, payload: body?.() as object });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('not_found');
    expect(await snapshot()).toBe(before);
  });

  it("does not list the owner's private trees or images", async () => {
    const trees = (await t.app.inject({ method: 'GET', url: '/api/tree/skills_tree/', headers: other.headers })).json();
    expect(trees.results).toEqual([]);
    const images = (await t.app.inject({ method: 'GET', url: `/api/tree/node_image/?tree=${ids.tree}`, headers: other.headers })).json();
    expect(images.results ?? images).toEqual([]);
    const users = (await t.app.inject({ method: 'GET', url: '/api/profile/users/', headers: other.headers })).json();
    expect(users.results.map((u: { id: number }) => u.id)).toEqual([other.id]);
  });
});

describe('an anonymous caller', () => {
  it.each(CASES)('%s the %s answers 401 and changes nothing', async (method, _what, url, body) => {
    const before = await snapshot();
    const res = await t.app.inject({ method: method as 'GET', url: url(), payload: body?.() as object });
    expect(res.statusCode).toBe(401);
    expect(await snapshot()).toBe(before);
  });
});

describe('read-only fields', () => {
  it('ignores id, uuid, owner, revision, counters and timestamps written to a tree', async () => {
    const before = (await t.app.inject({ method: 'GET', url: `/api/tree/skills_tree/${ids.tree}/`, headers: owner.headers })).json();
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/tree/skills_tree/${ids.tree}/`,
      headers: owner.headers,
      payload: { id: 999, uuid: 'x', owner: other.id, owner_id: other.id, revision: 77, node_count: 9, latest_version: 42, created_at: '2000-01-01T00:00:00Z', title: 'Renamed' },
    });
    expect(res.statusCode).toBe(200);
    const after = res.json();
    expect(after).toMatchObject({ id: before.id, uuid: before.uuid, owner: { id: owner.id }, node_count: before.node_count, created_at: before.created_at, title: 'Renamed' });
    expect(after.revision).not.toBe(77);
  });

  it('never lets a user make themselves admin or change their join date', async () => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/profile/users/${other.id}/`,
      headers: other.headers,
      payload: { role: 'admin', is_active: 1, date_joined: '2000-01-01T00:00:00Z', id: 1 },
    });
    expect([200, 400]).toContain(res.statusCode);
    const row = await t.app.db.selectFrom('users').select(['role', 'date_joined']).where('id', '=', other.id).executeTakeFirstOrThrow();
    expect(row.role).toBe('user');
    expect(row.date_joined).not.toBe('2000-01-01T00:00:00Z');
  });

  it('keeps the author and counters of a share out of reach', async () => {
    const share = (await t.app.inject({ method: 'POST', url: '/api/community/trees-shared/share_tree/', headers: owner.headers, payload: { tree: ids.tree, tags: ['x'] } })).json();
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/community/trees-shared/${share.id}/`,
      headers: owner.headers,
      payload: { likes_count: 1000, rating_avg: 5, views_count: 9, uses_count: 9, author: other.id, uuid: 'x' },
    });
    expect(res.json()).toMatchObject({ likes_count: 0, rating_avg: 0, views_count: 0, uses_count: 0, author: { id: owner.id }, uuid: share.uuid });
  });
});
