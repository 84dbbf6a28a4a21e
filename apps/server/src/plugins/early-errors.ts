import type { ErrorBody } from '@arbor/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { invalid, serviceUnavailable } from '../lib/http-errors.ts';
import { localizeErrorBody } from '../lib/messages/index.ts';

/**
 * Errors raised before a route runs, in the one error shape `{detail, code}` (API.md "Conventions").
 * Fastify and Node answer these themselves, each in its own format, on five paths:
 *
 * - Node's HTTP parser refuses the request (`clientErrorHandler`): the request line and headers over
 *   `maxHeaderSize` (16 KB, e.g. a 16 KB query string) → 431; headers not in within `headersTimeout`
 *   → 408; anything malformed (bad Content-Length, unknown method, broken chunking, …) → 400.
 * - Fastify's router refuses the path (`frameworkErrors`): bad percent-encoding → 400, a parameter
 *   over `maxParamLength` → 414.
 * - Node refuses an HTTP/1.1 request without Host with an empty 400, an `Expect` it cannot meet with
 *   an empty 417, and drops a CONNECT: the check is done here instead (`onRequest`, listeners).
 * - Fastify answers 503 while the server drains (`return503OnClosing`): answered here instead.
 *
 * Nothing of the request is echoed or logged (the raw packet may carry a token).
 */

/** The security headers every answer carries (plugins/security.ts sets them on routed answers). */
const SECURITY_HEADERS: Record<string, string> = {
  'content-security-policy': "default-src 'self'; base-uri 'self'; object-src 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'cache-control': 'no-store',
};

/** How a request Node's parser refused is answered, by the parser's error code. */
function parserRefusal(code: string | undefined): { status: number; body: ErrorBody } {
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT')
    return { status: 408, body: { detail: 'The request did not arrive in time.', code: 'request_timeout' } };
  if (code === 'HPE_HEADER_OVERFLOW')
    return {
      status: 431,
      body: { detail: 'The request line and headers are too large (16 KB at most).', code: 'request_too_large' },
    };
  const what =
    code === 'HPE_INVALID_CONTENT_LENGTH' || code === 'HPE_UNEXPECTED_CONTENT_LENGTH'
      ? 'the Content-Length header is not valid'
      : code === 'HPE_INVALID_METHOD'
        ? 'the method is not known'
        : code === 'HPE_INVALID_TRANSFER_ENCODING' || code === 'HPE_INVALID_CHUNK_SIZE'
          ? 'the body is not framed correctly'
          : 'it is not valid HTTP';
  return { status: 400, body: { detail: `Malformed request: ${what}.`, code: 'invalid' } };
}

/** A whole HTTP/1.1 answer with a JSON error body, for a socket no response object owns. */
function rawAnswer(status: number, body: ErrorBody): string {
  const json = JSON.stringify(body);
  const headers = {
    ...SECURITY_HEADERS,
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(json)),
    connection: 'close',
  };
  const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}`);
  return `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${lines.join('\r\n')}\r\n\r\n${json}`;
}

/** Fastify's `clientErrorHandler`: what Node's parser refused, answered in the error shape. */
export function clientErrorHandler(this: FastifyInstance, error: Error & { code?: string }, socket: Duplex): void {
  // A reset connection has nobody to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, body } = parserRefusal(error.code);
  this.log.debug({ status, code: error.code }, 'malformed request refused');
  // As Node does: never write into a response that has already started on this connection.
  const inFlight = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (socket.writable && !inFlight?.headersSent) socket.write(rawAnswer(status, body));
  socket.destroy();
}

/** Fastify's `frameworkErrors`: a path the router cannot match, answered in the error shape. */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const [status, body]: [number, ErrorBody] =
    error.code === 'FST_ERR_BAD_URL'
      ? [400, { detail: 'Malformed request: the path is not valid percent-encoding.', code: 'invalid' }]
      : error.code === 'FST_ERR_MAX_PARAM_LENGTH'
        ? [414, { detail: 'A segment of the path is too long.', code: 'request_too_large' }]
        : [500, { detail: 'A server error occurred.', code: 'server_error' }];
  void reply
    .code(status)
    .headers(SECURITY_HEADERS)
    .type('application/json; charset=utf-8')
    .send(JSON.stringify(localizeErrorBody(reply, body)));
}

/** Ends a raw response Node would otherwise answer with an empty body. */
function endRaw(res: ServerResponse, status: number, body: ErrorBody): void {
  const json = JSON.stringify(body);
  res.writeHead(status, {
    ...SECURITY_HEADERS,
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(json),
    connection: 'close',
  });
  res.end(json);
}

async function earlyErrorsPlugin(app: FastifyInstance) {
  let draining = false;
  app.addHook('preClose', async () => {
    draining = true;
  });
  app.addHook('onRequest', async (request, reply) => {
    if (draining) {
      void reply.header('connection', 'close');
      throw serviceUnavailable('The server is restarting, try again.');
    }
    // HTTP/1.1 requires Host (RFC 9112 §3.2); Node's own check would answer with an empty body.
    if (request.raw.httpVersion === '1.1' && !request.raw.headers.host) {
      void reply.header('connection', 'close');
      throw invalid('Malformed request: the Host header is missing.');
    }
  });
  // An `Expect` other than 100-continue, which Node would answer with an empty 417.
  app.server.on('checkExpectation', (_req: IncomingMessage, res: ServerResponse) =>
    endRaw(res, 417, { detail: 'The Expect header cannot be met.', code: 'invalid' }),
  );
  // CONNECT (a proxy tunnel) is not served; without a listener Node drops the connection unanswered.
  app.server.on('connect', (_req: IncomingMessage, socket: Duplex) => {
    if (socket.writable)
      socket.write(rawAnswer(405, { detail: 'Method "CONNECT" not allowed.', code: 'method_not_allowed' }));
    socket.destroy();
  });
}

export default fp(earlyErrorsPlugin, { name: 'early-errors' });
