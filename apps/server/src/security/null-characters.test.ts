// NUL characters and broken UTF-16 in text: PostgreSQL text cannot hold U+0000, so every body, query
// and path value containing one is refused with 400 naming the field (DRF: "Null characters are not
// allowed."), never a 500, and nothing is stored; a lone UTF-16 surrogate is refused the same way in
// every field (API.md "Conventions"), so no column stores it raw or as U+FFFD.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestApp, type TestUser } from '../testing/test-app.ts';
import { CONTENT_TABLES, expectError, snapshot } from './security.testing.ts';

let t: TestApp;
let admin: TestUser;
const ids = { tree: 0, profile: 0, share: 0 };

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t.app, { role: 'admin' });
  ids.tree = (
    await t.app.inject({
      method: 'POST',
      url: '/api/tree/skills_tree/',
      headers: admin.headers,
      payload: { title: 'NUL target' },
    })
  ).json().id;
  ids.profile = (
    await t.app.inject({ method: 'GET', url: '/api/profile/users/me/', headers: admin.headers })
  ).json().profile.id;
  ids.share = (
    await t.app.inject({
      method: 'POST',
      url: '/api/community/trees-shared/share_tree/',
      headers: admin.headers,
      payload: { tree: ids.tree, tags: ['nul'] },
    })
  ).json().id;
});
afterAll(async () => t?.close());

const NUL = 'a\u0000b';

type Write = [what: string, method: 'POST' | 'PATCH', url: () => string, body: (s: string) => object, field: string];
const WRITES: Write[] = [
  ['a tree title', 'POST', () => '/api/tree/skills_tree/', (s) => ({ title: s }), 'title'],
  ['a tree tag', 'POST', () => '/api/tree/skills_tree/', (s) => ({ title: 'ok', tags: ['x', s] }), 'tags.1'],
  [
    'a node title in the document',
    'POST',
    () => '/api/tree/skills_tree/',
    (s) => ({ title: 'ok', data: { format: 1, nodes: [{ id: 'root', parent_id: null, title: s }] } }),
    'data.nodes.0.title',
  ],
  ['a renamed tree', 'PATCH', () => `/api/tree/skills_tree/${ids.tree}/`, (s) => ({ description: s }), 'description'],
  [
    'a version message',
    'POST',
    () => '/api/tree/skills_tree_version/',
    (s) => ({ tree: ids.tree, message: s }),
    'message',
  ],
  ['a profile nickname', 'PATCH', () => `/api/profile/profiles/${ids.profile}/`, (s) => ({ nickname: s }), 'nickname'],
  ['a share title', 'PATCH', () => `/api/community/trees-shared/${ids.share}/`, (s) => ({ title: s }), 'title'],
  [
    'a prompt template',
    'POST',
    () => '/api/llm/prompts/',
    (s) => ({ key: 'nul_prompt', name: 'n', system: 's', template: s }),
    'template',
  ],
  [
    'a provider name',
    'POST',
    () => '/api/llm/deepseek-config/',
    (s) => ({ name: s, base_url: 'https://api.example.com', api_key: 'sk-x' }),
    'name',
  ],
  ['a login name', 'POST', () => '/api/token/', (s) => ({ username: s, password: 'whatever-pass' }), 'username'],
  ['a key of an object', 'POST', () => '/api/tree/skills_tree/', (s) => ({ title: 'ok', [s]: 1 }), 'non_field_errors'],
];

describe('NUL characters', () => {
  it.each(WRITES)(
    'in %s are refused with 400 naming the field, and nothing is stored',
    async (_what, method, url, body, field) => {
      const before = await snapshot(t.app, CONTENT_TABLES);
      const res = await t.app.inject({ method, url: url(), headers: admin.headers, payload: body(NUL) });
      const error = expectError(res, 400, 'invalid');
      expect(error.fields).toEqual({ [field]: ['Null characters are not allowed.'] });
      expect(await snapshot(t.app, CONTENT_TABLES)).toBe(before);
    },
  );

  it.each([
    ['/api/tree/skills_tree/?search=a%00b', 'search'],
    ['/api/community/trees-shared/?tags=x,a%00b', 'tags'],
    ['/api/community/trees-shared/?author=a%00b', 'author'],
    ['/api/tree/node_image/?node_id=a%00b', 'node_id'],
    ['/api/llm/request-logs/?model=a%00b', 'model'],
    ['/api/profile/me/check_email_exist/?email=a%00b@example.com', 'email'],
    ['/api/community/trees-shared/a%00b/', 'id'],
  ])('in the query or path of %s are refused with 400', async (url, field) => {
    const res = await t.app.inject({ method: 'GET', url, headers: admin.headers });
    const error = expectError(res, 400, 'invalid');
    expect(Object.keys(error.fields as object)).toEqual([field]);
  });

  it('still answers 401 before looking at the body of an anonymous call', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/tree/skills_tree/', payload: { title: NUL } });
    expectError(res, 401);
  });
});

const SURROGATE_MESSAGE = 'Text must be valid Unicode: a lone UTF-16 surrogate is not allowed.';

describe('lone surrogates', () => {
  it.each(WRITES)(
    'in %s are refused with 400 naming the field, and nothing is stored',
    async (_what, method, url, body, field) => {
      const before = await snapshot(t.app, CONTENT_TABLES);
      // JSON.stringify writes the lone surrogate as the escape \ud800, as a hostile client would.
      const res = await t.app.inject({
        method,
        url: url(),
        headers: { ...admin.headers, 'content-type': 'application/json' },
        payload: JSON.stringify(body('x\ud800y')),
      });
      const error = expectError(res, 400, 'invalid');
      expect(error.fields).toEqual({ [field]: [SURROGATE_MESSAGE] });
      expect(await snapshot(t.app, CONTENT_TABLES)).toBe(before);
    },
  );

  it.each([
    ['a trailing high surrogate', 'tag\ud83d'],
    ['a leading low surrogate', '\ude00tag'],
    ['two high surrogates in a row', '\ud83d\ud83d\ude00'],
  ])('are refused in share tags too: %s', async (_what, tag) => {
    const before = await snapshot(t.app, CONTENT_TABLES);
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/community/trees-shared/${ids.share}/`,
      headers: { ...admin.headers, 'content-type': 'application/json' },
      payload: JSON.stringify({ tags: ['ok', tag] }),
    });
    expect(expectError(res, 400, 'invalid').fields).toEqual({ 'tags.1': [SURROGATE_MESSAGE] });
    expect(await snapshot(t.app, CONTENT_TABLES)).toBe(before);
  });

  it('leave well-formed pairs (emoji) alone', async () => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/community/trees-shared/${ids.share}/`,
      headers: admin.headers,
      payload: { title: 'Trees \ud83c\udf33', tags: ['\ud83c\udf33'] },
    });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.json()).toMatchObject({ title: 'Trees 🌳', tags: ['🌳'] });
  });

  it('in a query never cause a server error', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/community/trees-shared/?search=%ED%A0%80',
      headers: admin.headers,
    });
    expect(res.statusCode).toBeLessThan(500);
  });
});
