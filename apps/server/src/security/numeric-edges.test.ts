// Pagination parameters and ids at and past the edges of what numbers can hold: every answer is a
// 400 or 404 with the contract's error shape (or an empty page), never a 500, and nothing changes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestApp, type TestUser } from '../testing/test-app.ts';
import { CONTENT_TABLES, expectError, snapshot } from './security.testing.ts';

let t: TestApp;
let user: TestUser;
let admin: TestUser;
let treeId: number;

beforeAll(async () => {
  t = await createTestApp();
  user = await createUser(t.app);
  admin = await createUser(t.app, { role: 'admin' });
  treeId = (
    await t.app.inject({
      method: 'POST',
      url: '/api/tree/skills_tree/',
      headers: admin.headers,
      payload: { title: 'Edges' },
    })
  ).json().id;
});
afterAll(async () => t?.close());

const LISTS = [
  '/api/tree/skills_tree/',
  () => `/api/tree/skills_tree_version/?tree=${treeId}`,
  '/api/tree/node_image/',
  '/api/community/trees-shared/',
  '/api/community/trees-shared/my_shares/',
  '/api/profile/users/',
  '/api/profile/profiles/',
  '/api/profile/email_addresses/',
  '/api/profile/phone_numbers/',
  '/api/llm/request-logs/',
  '/api/llm/deepseek-config/',
  '/api/llm/deepseek-models/',
  '/api/llm/prompts/',
];
const listUrl = (entry: (typeof LISTS)[number]) => (typeof entry === 'function' ? entry() : entry);
const withQuery = (url: string, query: string) => `${url}${url.includes('?') ? '&' : '?'}${query}`;

const BAD_PAGES = [
  'page=0',
  'page=-1',
  'page=abc',
  'page=1.5',
  'page=1e9',
  'page=',
  'page=0x10',
  'page=99999999999999999999',
  'page=1&page=2',
  'page=%00',
  'page_size=0',
  'page_size=-5',
  'page_size=1000000000',
  'page_size=101',
  'page_size=2.5',
  'page_size=NaN',
  'page_size=Infinity',
];

describe('pagination parameters', () => {
  for (const entry of LISTS) {
    const name = listUrl(entry).replace(/\?.*/, '').replace(/\d+/g, '{id}');
    it(`${name} refuses bad page and page_size values with 400 and fields`, async () => {
      const before = await snapshot(t.app, CONTENT_TABLES);
      for (const query of BAD_PAGES) {
        const res = await t.app.inject({
          method: 'GET',
          url: withQuery(listUrl(entry), query),
          headers: admin.headers,
        });
        const body = expectError(res, 400, 'invalid');
        expect(Object.keys(body.fields as object).join(), query).toMatch(/page/);
      }
      expect(await snapshot(t.app, CONTENT_TABLES)).toBe(before);
    });

    it(`${name} answers a page far past the end (page=1000000000) with an empty page`, async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: withQuery(listUrl(entry), 'page=1000000000&page_size=100'),
        headers: admin.headers,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ results: [], next: null });
    });
  }
});

const HUGE_IDS = [
  '99999999999999999999',
  '2147483648',
  '9223372036854775808',
  '-1',
  '0',
  '1.5',
  'abc',
  '1e3',
  '0x10',
  '%00',
  "1'--",
  '١٢',
];

const ID_ROUTES: Array<[method: 'GET' | 'PATCH' | 'DELETE' | 'POST', url: (id: string) => string, body?: object]> = [
  ['GET', (id) => `/api/tree/skills_tree/${id}/`],
  ['PATCH', (id) => `/api/tree/skills_tree/${id}/`, { title: 'x' }],
  ['DELETE', (id) => `/api/tree/skills_tree/${id}/`],
  ['GET', (id) => `/api/tree/skills_tree/${id}/latest_version/`],
  ['GET', (id) => `/api/tree/skills_tree_version/${id}/`],
  ['POST', (id) => `/api/tree/skills_tree_version/${id}/rollback/`, {}],
  ['GET', (id) => `/api/tree/node_image/${id}/`],
  ['DELETE', (id) => `/api/tree/node_image/${id}/`],
  ['GET', (id) => `/api/community/trees-shared/${id}/`],
  ['POST', (id) => `/api/community/trees-shared/${id}/like/`, { liked: true }],
  ['POST', (id) => `/api/community/trees-shared/${id}/rate/`, { score: 5 }],
  ['POST', (id) => `/api/community/trees-shared/${id}/view/`, {}],
  ['POST', (id) => `/api/community/trees-shared/${id}/use_tree/`, {}],
  ['GET', (id) => `/api/profile/users/${id}/`],
  ['PATCH', (id) => `/api/profile/users/${id}/`, { username: 'renamed' }],
  ['GET', (id) => `/api/profile/profiles/${id}/`],
  ['GET', (id) => `/api/profile/email_addresses/${id}/`],
  ['GET', (id) => `/api/profile/phone_numbers/${id}/`],
  ['GET', (id) => `/api/profile/${id}/check_email_exist/?email=a@example.com`],
  ['GET', (id) => `/api/llm/request-logs/${id}/`],
  ['GET', (id) => `/api/llm/deepseek-config/${id}/`],
  ['PATCH', (id) => `/api/llm/deepseek-models/${id}/`, { display_name: 'x' }],
  ['DELETE', (id) => `/api/llm/prompts/${id}/`],
  ['POST', (id) => `/api/llm/deepseek-config/${id}/test_connection/`, {}],
];

const pattern = (url: (id: string) => string) => url('{id}');

describe('ids in paths', () => {
  it.each(ID_ROUTES.map(([method, url, body]) => [method, pattern(url), url, body] as const))(
    '%s %s answers 400 or 404 for huge, negative and malformed ids',
    async (method, _name, url, body) => {
      const before = await snapshot(t.app, CONTENT_TABLES);
      for (const id of HUGE_IDS) {
        const res = await t.app.inject({
          method,
          url: url(encodeURIComponent(id).replace('%2500', '%00')),
          headers: admin.headers,
          payload: body,
        });
        expect([400, 404], `${url(id)} → ${res.statusCode} ${res.body.slice(0, 200)}`).toContain(res.statusCode);
        expectError(res, res.statusCode);
      }
      expect(await snapshot(t.app, CONTENT_TABLES)).toBe(before);
    },
  );
});

type Probe = [what: string, method: 'GET' | 'POST', url: (id: string) => string, body?: (id: string) => object];
const asNumber = (id: string) => Number(id) || id;
const PROBES: Probe[] = [
  ['GET ?tree= of versions', 'GET', (id) => `/api/tree/skills_tree_version/?tree=${id}`],
  ['GET ?tree= of node images', 'GET', (id) => `/api/tree/node_image/?tree=${id}`],
  [
    'GET ?version= by uuid',
    'GET',
    (id) => `/api/tree/skills_tree/get_version_by_uuid/?uuid=00000000-0000-0000-0000-000000000000&version=${id}`,
  ],
  ['GET ?author= of shares', 'GET', (id) => `/api/community/trees-shared/?author=${id}`],
  ['GET ?limit= of hot tags', 'GET', (id) => `/api/community/trees-shared/hot_tags/?limit=${id}`],
  ['GET ?user= of request logs', 'GET', (id) => `/api/llm/request-logs/?user=${id}`],
  ['GET ?days= of daily totals', 'GET', (id) => `/api/llm/request-logs/daily_totals/?days=${id}`],
  ['GET ?config= of models', 'GET', (id) => `/api/llm/deepseek-models/?config=${id}`],
  ['POST a version with tree', 'POST', () => '/api/tree/skills_tree_version/', (id) => ({ tree: asNumber(id) })],
  [
    'POST share_tree with tree',
    'POST',
    () => '/api/community/trees-shared/share_tree/',
    (id) => ({ tree: asNumber(id) }),
  ],
  [
    'POST share_tree with version',
    'POST',
    () => '/api/community/trees-shared/share_tree/',
    (id) => ({ tree: treeId, version: asNumber(id) }),
  ],
];

describe('ids in queries and bodies', () => {
  it.each(PROBES)('%s never fails with a server error', async (_what, method, url, body) => {
    const before = await snapshot(t.app, CONTENT_TABLES);
    for (const id of [...HUGE_IDS, '1e308', '-0']) {
      const res = await t.app.inject({
        method,
        url: url(encodeURIComponent(id)),
        headers: admin.headers,
        payload: body?.(id),
      });
      expect(res.statusCode, `${url(id)} ${JSON.stringify(body?.(id))} → ${res.body.slice(0, 200)}`).toBeLessThan(500);
      if (res.statusCode >= 400) expectError(res, res.statusCode);
    }
    expect(await snapshot(t.app, CONTENT_TABLES)).toBe(before);
  });

  it('answers 400 or 412 for a revision no tree can reach (If-Match and base_revision), never 500', async () => {
    const before = await snapshot(t.app, CONTENT_TABLES);
    for (const revision of ['99999999999', '2147483648', '999999999999999', '-1', 'abc']) {
      const res = await t.app.inject({
        method: 'PATCH',
        url: `/api/tree/skills_tree/${treeId}/`,
        headers: { ...admin.headers, 'if-match': `"${revision}"` },
        payload: { title: 'x' },
      });
      expectError(res, 412, 'precondition_failed');
    }
    for (const base_revision of [1e20, 2 ** 31, -1, 1.5]) {
      const res = await t.app.inject({
        method: 'PATCH',
        url: `/api/tree/skills_tree/${treeId}/`,
        headers: admin.headers,
        payload: { title: 'x', base_revision },
      });
      expectError(res, 400, 'invalid');
    }
    expect(await snapshot(t.app, CONTENT_TABLES)).toBe(before);
  });

  it('answers 400 or 404 for a version number no tree can reach', async () => {
    const uuid = (
      await t.app.inject({ method: 'GET', url: `/api/tree/skills_tree/${treeId}/`, headers: admin.headers })
    ).json().uuid;
    for (const version of ['2147483648', '99999999999999999999', '0']) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/tree/skills_tree/get_version_by_uuid/?uuid=${uuid}&version=${version}`,
        headers: admin.headers,
      });
      expect([400, 404]).toContain(res.statusCode);
      expectError(res, res.statusCode);
    }
  });

  it('refuses huge numbers inside a JSON body where an id or number is expected', async () => {
    const before = await snapshot(t.app, CONTENT_TABLES);
    for (const tree of [1e20, 2 ** 31, -1, 0, 1.5, Number.MAX_SAFE_INTEGER + 2]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/tree/skills_tree_version/',
        headers: user.headers,
        payload: { tree },
      });
      expect([400, 404], String(tree)).toContain(res.statusCode);
      expectError(res, res.statusCode);
    }
    const rate = await t.app.inject({
      method: 'POST',
      url: '/api/community/trees-shared/1/rate/',
      headers: user.headers,
      payload: { score: 1e20 },
    });
    expect([400, 404]).toContain(rate.statusCode);
    expect(await snapshot(t.app, CONTENT_TABLES)).toBe(before);
  });
});
