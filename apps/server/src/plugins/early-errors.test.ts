// Errors raised before any route runs (issue #18) answer in the one error shape `{detail, code}`,
// with the security headers, over a real socket: `app.inject` cannot send most of these requests.
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { ErrorBody } from '@arbor/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawExchange, type RawResponse } from '../testing/raw-http.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { clientErrorHandler } from './early-errors.ts';

let t: TestApp;
let port: number;

beforeAll(async () => {
  // Without a web build, as the API tests run in CI: with one, the static files' wildcard route takes
  // every unmatched path (an over-long parameter then answers the JSON 404 instead of the router's 414).
  t = await createTestApp({ WEB_DIST_DIR: path.join(os.tmpdir(), 'arbor-no-web-build') });
  port = Number(new URL(await t.app.listen({ host: '127.0.0.1', port: 0 })).port);
});
afterAll(async () => t?.close());

const exchange = async (request: string) => {
  const responses = await rawExchange(port, request, { expected: 1 });
  expect(responses.length).toBeGreaterThanOrEqual(1);
  return responses[0]!;
};

/** The error shape, with a stable code, no trace of Fastify's own format, and the security headers. */
function expectErrorShape(res: RawResponse, status: number, code: string) {
  expect(res.status).toBe(status);
  expect(res.headers['content-type']).toContain('application/json');
  const body = JSON.parse(res.body) as Record<string, unknown>;
  expect(ErrorBody.strict().parse(body)).toEqual({ detail: expect.any(String), code });
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['x-frame-options']).toBe('DENY');
  expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  return body;
}

describe('requests refused before routing', () => {
  it('answers a 16 KB query string with 431 request_too_large', async () => {
    const res = await exchange(`GET /api/health/?q=${'a'.repeat(16 * 1024)} HTTP/1.1\r\nHost: localhost\r\n\r\n`);
    expectErrorShape(res, 431, 'request_too_large');
  });

  it('answers headers over the limit with 431 request_too_large', async () => {
    const headers = Array.from({ length: 2000 }, (_, i) => `X-Filler-${i}: value`).join('\r\n');
    const res = await exchange(`GET /api/health/ HTTP/1.1\r\nHost: localhost\r\n${headers}\r\n\r\n`);
    expectErrorShape(res, 431, 'request_too_large');
  });

  it.each([
    ['an invalid Content-Length', 'POST /api/token/ HTTP/1.1\r\nHost: localhost\r\nContent-Length: abc\r\n\r\n{}'],
    [
      'two different Content-Lengths',
      'POST /api/token/ HTTP/1.1\r\nHost: localhost\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\n{}',
    ],
    ['an unknown method', 'BREW /api/health/ HTTP/1.1\r\nHost: localhost\r\n\r\n'],
    ['an unknown HTTP version', 'GET /api/health/ HTTP/9.9\r\nHost: localhost\r\n\r\n'],
    ['a header without a name', 'GET /api/health/ HTTP/1.1\r\nHost: localhost\r\n: nameless\r\n\r\n'],
    [
      'broken chunked framing',
      'POST /api/token/ HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n\r\n',
    ],
    ['something that is not HTTP', 'hello\r\n\r\n'],
  ])('answers %s with 400 invalid', async (_what, request) => {
    expectErrorShape(await exchange(request), 400, 'invalid');
  });

  it('answers malformed percent-encoding in the path with 400 invalid, without echoing the path', async () => {
    for (const path of ['/api/community/trees-shared/%zz/', '/api/%E0%A4%A/', '/%zz']) {
      const res = await exchange(`GET ${path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`);
      expectErrorShape(res, 400, 'invalid');
      expect(res.body).not.toContain(path);
    }
  });

  it('answers a path parameter over the router limit with 414 request_too_large', async () => {
    const res = await exchange(
      `GET /api/community/trees-shared/${'1'.repeat(300)}/ HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`,
    );
    expectErrorShape(res, 414, 'request_too_large');
    expect(res.body).not.toContain('111111');
  });

  it('answers an HTTP/1.1 request without Host with 400 invalid, and HTTP/1.0 without it normally', async () => {
    const res = await exchange('GET /api/health/ HTTP/1.1\r\n\r\n');
    expectErrorShape(res, 400, 'invalid');
    expect(res.headers.connection).toBe('close');
    const old = await exchange('GET /api/health/ HTTP/1.0\r\n\r\n');
    expect(old.status).toBe(200);
  });

  it('answers an Expect it cannot meet with 417 in the error shape', async () => {
    const res = await exchange(
      'POST /api/token/ HTTP/1.1\r\nHost: localhost\r\nExpect: teapot\r\nContent-Length: 2\r\n\r\n{}',
    );
    expectErrorShape(res, 417, 'invalid');
  });

  it('answers CONNECT with 405 method_not_allowed instead of dropping the connection', async () => {
    const res = await exchange('CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n');
    expectErrorShape(res, 405, 'method_not_allowed');
  });

  it('answers bad JSON with 400 invalid, as before', async () => {
    const res = await exchange(
      'POST /api/token/ HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 3\r\nConnection: close\r\n\r\n{a:',
    );
    expectErrorShape(res, 400, 'invalid');
  });

  it('keeps serving well-formed requests on the same server', async () => {
    const res = await exchange('GET /api/health/ HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n');
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toEqual({ status: 'ok', db: 'ok' });
  });
});

describe('the parser error handler', () => {
  /** What the handler writes for a parser error code, on a socket of its own. */
  function answerFor(code: string): RawResponse {
    const socket = new PassThrough();
    let written = '';
    socket.on('data', (chunk: Buffer) => (written += chunk.toString('utf8')));
    const error = Object.assign(new Error('parse error'), { code, rawPacket: Buffer.from('Authorization: Bearer x') });
    clientErrorHandler.call(t.app as FastifyInstance, error, socket);
    const [status, ...rest] = written.split('\r\n\r\n')[0]!.split('\r\n');
    const headers = Object.fromEntries(rest.map((l) => [l.split(':')[0]!.toLowerCase(), l.split(': ')[1]!]));
    return { status: Number(status!.split(' ')[1]), headers, body: written.split('\r\n\r\n')[1]! };
  }

  it('answers headers that did not arrive in time with 408 request_timeout', () => {
    const res = answerFor('ERR_HTTP_REQUEST_TIMEOUT');
    expectErrorShape(res, 408, 'request_timeout');
    expect(res.body).not.toContain('Bearer');
  });

  it('writes nothing on a connection the client reset', () => {
    const socket = new PassThrough();
    let written = '';
    socket.on('data', (chunk: Buffer) => (written += chunk.toString('utf8')));
    clientErrorHandler.call(t.app, Object.assign(new Error('reset'), { code: 'ECONNRESET' }), socket);
    expect(written).toBe('');
  });
});
