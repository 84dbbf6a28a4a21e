// A request that reaches the server while it drains (after close began) is answered 503 in the error
// shape, not in Fastify's own format (issue #18).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { rawExchange } from '../testing/raw-http.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

let t: TestApp;
let port: number;
let entered!: () => void;
const handlerEntered = new Promise<void>((resolve) => (entered = resolve));
let release!: () => void;
const released = new Promise<void>((resolve) => (release = resolve));
let closing!: () => void;
const closeBegan = new Promise<void>((resolve) => (closing = resolve));

beforeAll(async () => {
  t = await createTestApp(
    {},
    {
      async extraRoutes(app) {
        app.get('/api/_test/hold/', async () => {
          entered();
          await released;
          return { held: true };
        });
        app.addHook('preClose', async () => closing());
      },
    },
  );
  port = Number(new URL(await t.app.listen({ host: '127.0.0.1', port: 0 })).port);
});
afterAll(async () => {
  release();
  await t?.database.destroy();
});

it('answers a request that arrives while the server drains with 503 service_unavailable', async () => {
  let closed: Promise<void> | undefined;
  const responses = await rawExchange(port, 'GET /api/_test/hold/ HTTP/1.1\r\nHost: localhost\r\n\r\n', {
    expected: 2,
    socket: (socket) => {
      void (async () => {
        await handlerEntered;
        closed = t.app.close();
        await closeBegan;
        // A second request on the busy keep-alive connection, after close began; the first one
        // finishes once the server has read the second.
        t.app.server.on('request', (request: { url?: string }) => {
          if (request.url === '/api/health/') release();
        });
        socket.write('GET /api/health/ HTTP/1.1\r\nHost: localhost\r\n\r\n');
      })();
    },
  });
  await closed;
  expect(responses.map((r) => r.status)).toEqual([200, 503]);
  expect(JSON.parse(responses[0]!.body)).toEqual({ held: true });
  const refused = responses[1]!;
  expect(JSON.parse(refused.body)).toEqual({ detail: expect.any(String), code: 'service_unavailable' });
  expect(refused.headers.connection).toBe('close');
  expect(refused.headers['x-content-type-options']).toBe('nosniff');
});
