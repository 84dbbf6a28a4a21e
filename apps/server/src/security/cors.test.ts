// CORS as shipped (CORS_ORIGINS unset): a foreign origin gets no Access-Control-Allow-* header on
// simple requests or preflights, so a browser on evil.example cannot read answers or send
// credentialed writes; same-origin requests work as usual.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestApp, type TestUser } from '../testing/test-app.ts';
import { CONTENT_TABLES, snapshot } from './security.testing.ts';

let t: TestApp;
let user: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  user = await createUser(t.app);
});
afterAll(async () => t?.close());

const FOREIGN = [
  'https://evil.example',
  'null',
  'http://127.0.0.1.evil.example',
  'https://evil.example/http://127.0.0.1:8650',
];

/** No header that would let a browser share the answer with the calling page. */
function expectNoCorsGrant(headers: Record<string, unknown>) {
  for (const name of [
    'access-control-allow-origin',
    'access-control-allow-credentials',
    'access-control-allow-methods',
    'access-control-allow-headers',
  ]) {
    expect(headers[name], name).toBeUndefined();
  }
}

describe('a foreign origin', () => {
  it.each(FOREIGN)('gets no Access-Control-Allow-Origin on reads from %s', async (origin) => {
    for (const [url, headers] of [
      ['/api/health/', {}],
      ['/api/profile/users/me/', user.headers],
      ['/api/tree/skills_tree/', user.headers],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url, headers: { ...headers, origin } });
      expect(res.statusCode).toBe(200);
      expectNoCorsGrant(res.headers);
    }
  });

  it.each(FOREIGN)('gets a preflight from %s without any allow header', async (origin) => {
    for (const method of ['POST', 'DELETE', 'PATCH']) {
      const res = await t.app.inject({
        method: 'OPTIONS',
        url: '/api/tree/skills_tree/1/',
        headers: {
          origin,
          'access-control-request-method': method,
          'access-control-request-headers': 'authorization, content-type',
        },
      });
      expectNoCorsGrant(res.headers);
      expect(res.statusCode).not.toBe(500);
    }
  });

  it('cannot make a write succeed through a preflight-less text/plain post', async () => {
    const before = await snapshot(t.app, CONTENT_TABLES);
    // A cross-site form can send text/plain without preflight; the body is never read as JSON (and a
    // browser form could not add the bearer token anyway).
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/tree/skills_tree/',
      headers: { ...user.headers, origin: 'https://evil.example', 'content-type': 'text/plain' },
      payload: '{"title":"csrf"}',
    });
    expect([400, 415]).toContain(res.statusCode);
    expect(['invalid', 'unsupported_media_type']).toContain(res.json().code);
    expectNoCorsGrant(res.headers);
    expect(await snapshot(t.app, CONTENT_TABLES)).toBe(before);
  });
});

describe('the same origin', () => {
  it('works with or without an Origin header of the server itself', async () => {
    const self = new URL(t.config.publicBaseUrl).origin;
    for (const headers of [{}, { origin: self }]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/tree/skills_tree/',
        headers: { ...user.headers, ...headers },
        payload: { title: 'Same origin' },
      });
      expect(res.statusCode).toBe(201);
    }
  });
});
