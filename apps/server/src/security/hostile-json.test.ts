import { call } from '../testing/call.ts';
// Hostile JSON: very deep nesting, bodies over the limit and prototype-pollution payloads are refused
// with the error shape (400/413), nothing is stored, Object.prototype stays clean and the server keeps
// answering the next request.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestApp, type TestUser } from '../testing/test-app.ts';
import { CONTENT_TABLES, expectError, multipart, snapshot } from './security.testing.ts';

let t: TestApp;
let user: TestUser;
let treeId: number;

beforeAll(async () => {
  t = await createTestApp();
  user = await createUser(t.app);
  treeId = (
    await t.app.inject({
      method: 'POST',
      url: '/api/tree/skills_tree/',
      headers: user.headers,
      payload: { title: 'Target' },
    })
  ).json().id;
});
afterAll(async () => {
  await t?.close();
  // Whatever happened, no test may leave the shared prototype polluted.
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
});

const json = (method: 'POST' | 'PATCH', url: string, body: string, headers: Record<string, string> = user.headers) =>
  call(t.app, null, method, url, body, { headers: { ...headers, 'content-type': 'application/json' } });

async function expectStillServing() {
  const res = await t.app.inject({ method: 'GET', url: '/api/health/' });
  expect(res.statusCode).toBe(200);
  const mine = await t.app.inject({ method: 'GET', url: `/api/tree/skills_tree/${treeId}/`, headers: user.headers });
  expect(mine.json().title).toBe('Target');
}

const deepArrays = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
const deepObjects = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

/** Endpoints and where a nested value goes: whole body, a field typed as a document, a free-form record. */
const TARGETS: Array<
  [what: string, method: 'POST' | 'PATCH', url: () => string, wrap: (nested: string) => string, auth: boolean]
> = [
  ['as a whole tree body', 'POST', () => '/api/tree/skills_tree/', (n) => n, true],
  ['as the tree document', 'POST', () => '/api/tree/skills_tree/', (n) => `{"title":"deep","data":${n}}`, true],
  [
    'inside a node position',
    'PATCH',
    () => `/api/tree/skills_tree/${treeId}/`,
    (n) => `{"data":{"format":1,"nodes":[{"id":"root","parent_id":null,"title":"r","position":${n}}]}}`,
    true,
  ],
  [
    'inside a version body',
    'POST',
    () => '/api/tree/skills_tree_version/',
    (n) => `{"tree":${treeId},"message":${n}}`,
    true,
  ],
  [
    'as captcha form_data (a free-form record)',
    'POST',
    () => '/api/captcha/verify_fields_hash/',
    (n) => `{"form_data":{"x":${n}},"fields":["x"],"fields_hash":"00"}`,
    false,
  ],
  ['as a login body', 'POST', () => '/api/token/', (n) => `{"username":${n},"password":"x"}`, false],
];

describe('deeply nested JSON', () => {
  it.each(TARGETS)(
    'refuses 100,000 nested arrays %s with 400 and keeps serving',
    async (_what, method, url, wrap, auth) => {
      const before = await snapshot(t.app, CONTENT_TABLES);
      const res = await json(method, url(), wrap(deepArrays(100_000)), auth ? user.headers : {});
      expect([400, 413]).toContain(res.statusCode);
      expectError(res, res.statusCode);
      expect(await snapshot(t.app, CONTENT_TABLES)).toBe(before);
      await expectStillServing();
    },
  );

  it.each(TARGETS)(
    'refuses 100,000 nested objects %s without a server error',
    async (_what, method, url, wrap, auth) => {
      const before = await snapshot(t.app, CONTENT_TABLES);
      const res = await json(method, url(), wrap(deepObjects(100_000)), auth ? user.headers : {});
      expect([200, 400, 413]).toContain(res.statusCode);
      if (res.statusCode !== 200) expectError(res, res.statusCode);
      expect(await snapshot(t.app, CONTENT_TABLES)).toBe(before);
      await expectStillServing();
    },
  );
});

describe('bodies over the limit', () => {
  it('refuses a JSON body over the body limit with 413 payload_too_large and keeps serving', async () => {
    const before = await snapshot(t.app, CONTENT_TABLES);
    const size = t.config.limits.treeMaxBytes + 2 * 1024 * 1024;
    const res = await json(
      'POST',
      '/api/tree/skills_tree/',
      JSON.stringify({ title: 'big', description: 'x'.repeat(size) }),
    );
    expectError(res, 413, 'payload_too_large');
    expect(await snapshot(t.app, CONTENT_TABLES)).toBe(before);
    await expectStillServing();
  });

  it('refuses a huge body on a public endpoint before authentication or parsing', async () => {
    const res = await json('POST', '/api/token/', `{"username":"${'a'.repeat(10 * 1024 * 1024)}","password":"x"}`, {});
    expectError(res, 413, 'payload_too_large');
    await expectStillServing();
  });

  it('refuses invalid and truncated JSON with 400 and a parse message, not a stack', async () => {
    for (const body of ['{"title": "x"', '{title: 1}', '\u0000', '{"title":"x"}garbage', '[', '"\\ud800"x']) {
      const res = await json('POST', '/api/tree/skills_tree/', body);
      expectError(res, 400);
    }
    await expectStillServing();
  });
});

describe('prototype pollution', () => {
  const POISON = [
    ['__proto__ at the top', '{"title":"p","__proto__":{"polluted":"yes"}}'],
    ['constructor.prototype at the top', '{"title":"p","constructor":{"prototype":{"polluted":"yes"}}}'],
    [
      '__proto__ inside the document',
      '{"title":"p","data":{"format":1,"nodes":[{"id":"root","parent_id":null,"title":"r","__proto__":{"polluted":"yes"}}]}}',
    ],
    [
      '__proto__ inside a node position',
      '{"title":"p","data":{"format":1,"nodes":[{"id":"root","parent_id":null,"title":"r","position":{"x":1,"y":2,"__proto__":{"polluted":"yes"}}}]}}',
    ],
    ['constructor.prototype inside a list', '{"title":"p","tags":[{"constructor":{"prototype":{"polluted":"yes"}}}]}'],
    ['an escaped __proto__ key', '{"title":"p","\\u005f_proto__":{"polluted":"yes"}}'],
  ] as const;

  it.each(POISON)('refuses or strips %s, and Object.prototype stays clean', async (_what, body) => {
    const before = await snapshot(t.app, CONTENT_TABLES);
    for (const [method, url] of [
      ['POST', '/api/tree/skills_tree/'],
      ['PATCH', `/api/tree/skills_tree/${treeId}/`],
    ] as const) {
      const res = await json(method, url, body);
      expect(res.statusCode, res.body.slice(0, 200)).toBe(400);
      expectError(res, 400);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      expect(Object.prototype).not.toHaveProperty('polluted');
    }
    expect(await snapshot(t.app, CONTENT_TABLES)).toBe(before);
  });

  it('refuses pollution keys on public endpoints too', async () => {
    for (const url of ['/api/token/', '/api/captcha/verify_fields_hash/', '/api/ses/check_code/']) {
      const res = await json('POST', url, '{"__proto__":{"polluted":"yes","username":"admin"},"password":"x"}', {});
      expectError(res, 400);
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('ignores pollution keys in query strings and multipart field names', async () => {
    for (const query of [
      '__proto__[polluted]=yes',
      'constructor[prototype][polluted]=yes',
      '__proto__.polluted=yes',
      'page=1&__proto__=x',
    ]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/tree/skills_tree/?${query}`, headers: user.headers });
      expect(res.statusCode).toBeLessThan(500);
    }
    // Object.fromEntries makes `__proto__` an own key, so the form really carries a field of that name.
    const form = multipart(
      Object.fromEntries([
        ['__proto__', 'x'],
        ['constructor', 'y'],
        ['tree', String(treeId)],
        ['node_id', 'root'],
      ]),
      [],
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/tree/node_image/',
      headers: { ...user.headers, ...form.headers },
      payload: form.payload,
    });
    expect(form.payload.toString()).toContain('name="__proto__"');
    expectError(res, 400);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });

  it('treats node ids named like Object.prototype members as plain ids', async () => {
    const data = {
      format: 1,
      nodes: [
        { id: 'root', parent_id: null, title: 'r' },
        { id: '__proto__', parent_id: 'root', title: 'p' },
        { id: 'constructor', parent_id: '__proto__', title: 'c' },
        { id: 'hasOwnProperty', parent_id: 'constructor', title: 'h' },
      ],
      links: [{ source: 'toString', target: 'root', kind: 'related' }],
    };
    // `toString` is not a node: the link must be refused as naming a missing node.
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/tree/skills_tree/',
      headers: user.headers,
      payload: { title: 'proto ids', data },
    });
    expectError(bad, 400, 'invalid');
    // A parent that exists only on Object.prototype is missing too.
    const orphan = {
      format: 1,
      nodes: [
        { id: 'root', parent_id: null, title: 'r' },
        { id: 'a', parent_id: 'valueOf', title: 'a' },
      ],
    };
    expectError(
      await t.app.inject({
        method: 'POST',
        url: '/api/tree/skills_tree/',
        headers: user.headers,
        payload: { title: 'orphan', data: orphan },
      }),
      400,
      'invalid',
    );
    // Without the bad link the document is valid and comes back exactly.
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/tree/skills_tree/',
      headers: user.headers,
      payload: { title: 'proto ids', data: { ...data, links: [] } },
    });
    expect(ok.statusCode, ok.body.slice(0, 300)).toBe(201);
    const stored = (
      await t.app.inject({ method: 'GET', url: `/api/tree/skills_tree/${ok.json().id}/`, headers: user.headers })
    ).json();
    expect(stored.data.nodes.map((n: { id: string; parent_id: string | null }) => [n.id, n.parent_id])).toEqual([
      ['root', null],
      ['__proto__', 'root'],
      ['constructor', '__proto__'],
      ['hasOwnProperty', 'constructor'],
    ]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
