import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { PageQuery } from '@arbor/contract';
import { invalidField } from './lib/http-errors.ts';
import { paginate, pageWindow } from './lib/pagination.ts';
import { createTestApp, createUser, type TestApp } from './testing/test-app.ts';

let t: TestApp;
const webDist = mkdtempSync(path.join(os.tmpdir(), 'arbor-web-'));

beforeAll(async () => {
  mkdirSync(path.join(webDist, 'assets'));
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(path.join(webDist, 'assets', 'app-abc123.js'), 'console.log(1)');
  t = await createTestApp(
    { WEB_DIST_DIR: webDist },
    {
      async extraRoutes(app) {
        app.post(
          '/api/_test/echo/',
          { schema: { body: z.object({ name: z.string().min(2) }) } },
          async (request) => request.body,
        );
        app.get('/api/_test/boom/', async () => {
          throw new Error('SELECT secret FROM users -- internal detail');
        });
        app.get('/api/_test/field/', async () => {
          throw invalidField('email', 'Enter a valid email address.');
        });
        app.get('/api/_test/page/', { schema: { querystring: PageQuery } }, async (request) => {
          const items = Array.from({ length: 45 }, (_, i) => i + 1);
          const w = pageWindow(request.query as z.infer<typeof PageQuery>);
          return paginate(
            request,
            app.config.publicBaseUrl,
            w,
            items.length,
            items.slice(w.offset, w.offset + w.pageSize),
          );
        });
        app.get('/api/_test/me/', { onRequest: app.requireAuth }, async (request) => ({ id: request.user?.id }));
        app.get('/api/_test/admin/', { onRequest: app.requireAdmin }, async () => ({ ok: true }));
      },
    },
  );
});
afterAll(async () => t?.close());

describe('health and conventions', () => {
  it('answers the health check with the database status', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health/' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', db: 'ok' });
  });

  it('accepts paths with and without the trailing slash', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
  });

  it('answers an unknown API path with the JSON 404 error shape', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/x/' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.json()).toMatchObject({ code: 'not_found', detail: expect.any(String) });
  });

  it('refuses a malformed JSON body with 400 in the error shape', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/_test/echo/',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": "ab",',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'invalid', detail: expect.stringContaining('JSON') });
  });

  it('names the bad field of a body that fails its schema', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/_test/echo/', payload: { name: 'a' } });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('invalid');
    expect(body.fields.name).toHaveLength(1);
  });

  it('passes field errors thrown by services through unchanged', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/_test/field/' });
    expect(res.json()).toEqual({
      detail: 'Enter a valid email address.',
      code: 'invalid',
      fields: { email: ['Enter a valid email address.'] },
    });
  });

  it('hides the internals of an unexpected error', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/_test/boom/' });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('SELECT');
    expect(res.body).not.toContain('at ');
    expect(res.json()).toEqual({ detail: 'A server error occurred.', code: 'server_error' });
  });

  it('sends security headers on every response', async () => {
    for (const url of ['/api/health/', '/', '/api/nope/']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['x-request-id']).toBeTruthy();
    }
  });

  it('keeps CORS closed to foreign origins by default', async () => {
    const res = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/health/',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'GET' },
    });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('pagination', () => {
  it('pages with DRF links that keep the other parameters', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/_test/page/?page=2&page_size=20&q=x' });
    const body = res.json();
    expect(body.count).toBe(45);
    expect(body.results[0]).toBe(21);
    expect(body.next).toBe(`${t.config.publicBaseUrl}/api/_test/page/?page=3&page_size=20&q=x`);
    expect(body.previous).toBe(`${t.config.publicBaseUrl}/api/_test/page/?page_size=20&q=x`);
  });

  it('gives an empty page past the end', async () => {
    const body = (await t.app.inject({ method: 'GET', url: '/api/_test/page/?page=9' })).json();
    expect(body.results).toEqual([]);
    expect(body.next).toBeNull();
  });

  it.each(['0', '-1', 'abc', '1.5'])('refuses page=%s with 400', async (page) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/_test/page/?page=${page}` });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.page).toBeDefined();
  });

  it('refuses a page_size over 100', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/_test/page/?page_size=101' });
    expect(res.statusCode).toBe(400);
  });
});

describe('authentication guard', () => {
  it('answers 401 not_authenticated without a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/_test/me/' });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('not_authenticated');
  });

  it('answers 401 token_not_valid for a forged token', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/_test/me/',
      headers: { authorization: 'Bearer abc.def.ghi' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('token_not_valid');
  });

  it('lets a valid access token through and keeps users out of admin routes', async () => {
    const user = await createUser(t.app);
    expect((await t.app.inject({ method: 'GET', url: '/api/_test/me/', headers: user.headers })).json()).toEqual({
      id: user.id,
    });
    const res = await t.app.inject({ method: 'GET', url: '/api/_test/admin/', headers: user.headers });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('permission_denied');
    const admin = await createUser(t.app, { role: 'admin' });
    expect((await t.app.inject({ method: 'GET', url: '/api/_test/admin/', headers: admin.headers })).statusCode).toBe(
      200,
    );
  });
});

describe('OpenAPI and the web app', () => {
  it('publishes an OpenAPI 3.1 document, in JSON and YAML', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/schema/' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\.1/);
    expect(doc.paths['/api/health/']).toBeDefined();
    const yaml = await t.app.inject({ method: 'GET', url: '/api/schema/?format=yaml' });
    expect(yaml.headers['content-type']).toContain('yaml');
    expect(yaml.body).toContain('openapi: 3.1');
  });

  it('serves interactive docs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('swagger');
  });

  it('serves the app at the root', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root">');
  });

  it('serves the app for any unknown page so the client router can answer', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/some/unknown/page' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('<div id="root">');
  });

  it('serves hashed assets with a long cache', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
  });
});

describe('web app assets', () => {
  it('answers a missing hashed asset with 404, not the HTML page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/app-gone.js' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/json');
  });

  it('serves an asset added after start (a rebuild) without a restart', async () => {
    writeFileSync(path.join(webDist, 'assets', 'late-xyz789.js'), 'console.log(2)');
    const res = await t.app.inject({ method: 'GET', url: '/assets/late-xyz789.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('javascript');
  });
});

describe('request bodies', () => {
  it('treats an absent body as absent for an optional body schema', async () => {
    const user = await createUser(t.app);
    const res = await t.app.inject({ method: 'DELETE', url: `/api/profile/users/${user.id}/`, headers: user.headers });
    expect(res.statusCode).toBe(204);
  });
});
