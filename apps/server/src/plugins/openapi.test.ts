// The OpenAPI document lists every path the server answers (issue #18): walked from the real route
// table, as Fastify reports each route while the server is built.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { openapiPath } from './openapi.ts';

let t: TestApp;
const routes: Array<{ method: string; url: string }> = [];
let doc: { paths: Record<string, Record<string, unknown>> };

beforeAll(async () => {
  t = await createTestApp(
    {},
    {
      onRoute(route) {
        for (const method of [route.method].flat()) routes.push({ method, url: route.url });
      },
    },
  );
  doc = (await t.app.inject({ method: 'GET', url: '/api/schema/' })).json();
});
afterAll(async () => t?.close());

const apiRoutes = () => routes.filter((r) => r.url.startsWith('/api/') || r.url === '/api');

describe('the OpenAPI document', () => {
  it('lists every /api route of the route table, with its method', () => {
    expect(apiRoutes().length).toBeGreaterThan(50);
    const missing = apiRoutes().filter(({ method, url }) => {
      const operations = doc.paths[openapiPath(url)];
      // A HEAD route is the one Fastify adds for a GET; the document lists the GET.
      return !operations || (method !== 'HEAD' && !operations[method.toLowerCase()]);
    });
    expect(missing).toEqual([]);
  });

  it('lists itself and the interactive docs', () => {
    expect(doc.paths['/api/schema/']?.get).toBeDefined();
    expect(doc.paths['/api/docs']?.get).toBeDefined();
  });

  it('lists no path that the server does not answer', () => {
    const answered = new Set(apiRoutes().map((r) => openapiPath(r.url)));
    expect(Object.keys(doc.paths).filter((path) => !answered.has(path))).toEqual([]);
  });
});
