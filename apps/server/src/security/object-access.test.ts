// Object-level authorization across every feature that takes an id: a second user and an anonymous
// caller never see, change or delete what is not theirs, and the database is the same afterwards.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestApp, type TestUser } from '../testing/test-app.ts';
import { multipart, snapshot as tableSnapshot } from './security.testing.ts';

let t: TestApp;
let owner: TestUser;
let other: TestUser;
const ids: Record<string, number | string> = {};

const doc = {
  format: 1,
  nodes: [
    { id: 'root', parent_id: null, title: 'Secret plan' },
    { id: 'a', parent_id: 'root', title: 'Step A' },
  ],
};

const snapshot = () =>
  tableSnapshot(t.app, [
    'trees',
    'tree_versions',
    'node_images',
    'users',
    'profiles',
    'email_addresses',
    'phone_numbers',
    'ai_request_logs',
    'shares',
  ]);

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t.app, { username: 'owner_user' });
  other = await createUser(t.app, { username: 'other_user' });
  const tree = (
    await t.app.inject({
      method: 'POST',
      url: '/api/tree/skills_tree/',
      headers: owner.headers,
      payload: { title: 'Private', data: doc },
    })
  ).json();
  ids.tree = tree.id;
  ids.treeUuid = tree.uuid;
  const version = (
    await t.app.inject({
      method: 'POST',
      url: '/api/tree/skills_tree_version/',
      headers: owner.headers,
      payload: { tree: tree.id, message: 'v2' },
    })
  ).json();
  ids.version = version.id;
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#123456' } })
    .png()
    .toBuffer();
  const form = multipart({ tree: String(tree.id), node_id: 'a' }, [
    { field: 'image', filename: 'a.png', contentType: 'image/png', body: png },
  ]);
  const image = await t.app.inject({
    method: 'POST',
    url: '/api/tree/node_image/',
    headers: { ...owner.headers, ...form.headers },
    payload: form.payload,
  });
  expect(image.statusCode).toBe(201);
  ids.image = image.json().id;
  const profile = (await t.app.inject({ method: 'GET', url: '/api/profile/users/me/', headers: owner.headers })).json();
  ids.profile = profile.profile.id;
  const now = new Date().toISOString();
  ids.email = (
    await t.app.db
      .insertInto('email_addresses')
      .values({ user_id: owner.id, email: 'owner@example.com', created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  ids.phone = (
    await t.app.db
      .insertInto('phone_numbers')
      .values({ user_id: owner.id, phone: '+8613800138000', created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  ids.log = (
    await t.app.db
      .insertInto('ai_request_logs')
      .values({
        user_id: owner.id,
        kind: 'content',
        model: 'm',
        status: 'success',
        prompt_tokens: 1,
        completion_tokens: 1,
        latency_ms: 1,
        error: null,
        request_excerpt: 'Secret plan',
        response_excerpt: 'Secret answer',
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
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
  ['GET', 'email address', () => `/api/profile/email_addresses/${ids.email}/`],
  ['PATCH', 'email address', () => `/api/profile/email_addresses/${ids.email}/`, () => ({ primary: true })],
  ['DELETE', 'email address', () => `/api/profile/email_addresses/${ids.email}/`],
  ['GET', 'phone number', () => `/api/profile/phone_numbers/${ids.phone}/`],
  ['DELETE', 'phone number', () => `/api/profile/phone_numbers/${ids.phone}/`],
  ['GET', 'AI request log', () => `/api/llm/request-logs/${ids.log}/`],
  ['GET', 'email check of the user', () => `/api/profile/${owner.id}/check_email_exist/?email=owner@example.com`],
];

describe('another user', () => {
  it.each(CASES)('%s the owner’s %s answers 404 and changes nothing', async (method, _what, url, body) => {
    const before = await snapshot();
    const res = await t.app.inject({
      method: method as 'GET',
      url: url(),
      headers: other.headers,
      payload: body?.() as object,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('not_found');
    expect(await snapshot()).toBe(before);
  });

  it("does not list the owner's private trees or images", async () => {
    const trees = (await t.app.inject({ method: 'GET', url: '/api/tree/skills_tree/', headers: other.headers })).json();
    expect(trees.results).toEqual([]);
    const images = (
      await t.app.inject({ method: 'GET', url: `/api/tree/node_image/?tree=${ids.tree}`, headers: other.headers })
    ).json();
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
    const before = (
      await t.app.inject({ method: 'GET', url: `/api/tree/skills_tree/${ids.tree}/`, headers: owner.headers })
    ).json();
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/tree/skills_tree/${ids.tree}/`,
      headers: owner.headers,
      payload: {
        id: 999,
        uuid: 'x',
        owner: other.id,
        owner_id: other.id,
        revision: 77,
        node_count: 9,
        latest_version: 42,
        created_at: '2000-01-01T00:00:00Z',
        title: 'Renamed',
      },
    });
    expect(res.statusCode).toBe(200);
    const after = res.json();
    expect(after).toMatchObject({
      id: before.id,
      uuid: before.uuid,
      owner: { id: owner.id },
      node_count: before.node_count,
      created_at: before.created_at,
      title: 'Renamed',
    });
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
    const row = await t.app.db
      .selectFrom('users')
      .select(['role', 'date_joined'])
      .where('id', '=', other.id)
      .executeTakeFirstOrThrow();
    expect(row.role).toBe('user');
    expect(row.date_joined).not.toBe('2000-01-01T00:00:00Z');
  });

  it("refuses another user's edit and deletion of a share (403 or 404) and changes nothing", async () => {
    const share = (
      await t.app.inject({
        method: 'POST',
        url: '/api/community/trees-shared/share_tree/',
        headers: owner.headers,
        payload: { tree: ids.tree, tags: ['y'] },
      })
    ).json();
    const before = await snapshot();
    for (const [method, payload] of [
      ['PATCH', { title: 'Defaced' }],
      ['PUT', { title: 'Defaced', description: '', tags: ['z'] }],
      ['DELETE', undefined],
    ] as const) {
      const res = await t.app.inject({
        method,
        url: `/api/community/trees-shared/${share.id}/`,
        headers: other.headers,
        payload,
      });
      expect([403, 404]).toContain(res.statusCode);
      expect(['permission_denied', 'not_found']).toContain(res.json().code);
    }
    const anonymous = await t.app.inject({ method: 'DELETE', url: `/api/community/trees-shared/${share.uuid}/` });
    expect(anonymous.statusCode).toBe(401);
    expect(await snapshot()).toBe(before);
  });

  it('keeps the author and counters of a share out of reach', async () => {
    const share = (
      await t.app.inject({
        method: 'POST',
        url: '/api/community/trees-shared/share_tree/',
        headers: owner.headers,
        payload: { tree: ids.tree, tags: ['x'] },
      })
    ).json();
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/community/trees-shared/${share.id}/`,
      headers: owner.headers,
      payload: { likes_count: 1000, rating_avg: 5, views_count: 9, uses_count: 9, author: other.id, uuid: 'x' },
    });
    expect(res.json()).toMatchObject({
      likes_count: 0,
      rating_avg: 0,
      views_count: 0,
      uses_count: 0,
      author: { id: owner.id },
      uuid: share.uuid,
    });
  });
});
