import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/http-errors.ts';
import { messageLocale, translateMessage } from '../../lib/messages/index.ts';

interface EventStream {
  send(event: string, data: unknown): void;
  end(): void;
  /** aborted when the client goes away, so upstream work stops too */
  signal: AbortSignal;
}

/** True when the client asked for Server-Sent Events by body flag or Accept header. */
export function wantsEventStream(request: FastifyRequest, bodyFlag: boolean | undefined): boolean {
  return bodyFlag === true || (request.headers.accept ?? '').includes('text/event-stream');
}

/** Proxies drop connections idle for about a minute; a comment line keeps a slow model's stream open. */
const HEARTBEAT_MS = 15_000;

/**
 * Takes the response over from Fastify and opens an SSE stream. Headers earlier hooks set (security
 * headers on the raw response, CORS on the reply) are kept; onSend hooks do not run for a hijacked reply.
 */
export function openEventStream(request: FastifyRequest, reply: FastifyReply): EventStream {
  const raw = reply.raw;
  const controller = new AbortController();
  const inherited = Object.fromEntries(
    Object.entries(reply.getHeaders()).filter(([, value]) => value !== undefined),
  ) as Record<string, string | number | string[]>;
  reply.hijack();
  raw.writeHead(200, {
    ...inherited,
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    'x-accel-buffering': 'no',
    'x-content-type-options': 'nosniff',
    'x-request-id': request.id,
    connection: 'keep-alive',
  });
  const heartbeat = setInterval(() => raw.write(': keep-alive\n\n'), HEARTBEAT_MS);
  raw.on('close', () => {
    clearInterval(heartbeat);
    if (!raw.writableEnded) controller.abort();
  });
  return {
    signal: controller.signal,
    send(event, data) {
      if (!raw.writableEnded && !raw.destroyed) raw.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    },
    end() {
      clearInterval(heartbeat);
      if (!raw.writableEnded) raw.end();
    },
  };
}

/** Aborted when the client disconnects before a JSON answer is sent, so the upstream call stops. */
export function disconnectSignal(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  return controller.signal;
}

/** What a streamed answer's producer gets: the client's presence, and the way to send a piece of text. */
export interface AnswerStream {
  /** aborted when the client goes away */
  signal: AbortSignal;
  delta(text: string): void;
}

/**
 * Streams one answer as Server-Sent Events: `delta` events while `produce` runs, then `done` with
 * what it resolves to, or `error` in the API's error shape (in the caller's language; unknown errors
 * logged without stack or SQL and answered as a generic server error). Refusals that must be plain
 * JSON errors are decided before this is called.
 */
export async function streamAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  produce: (stream: AnswerStream) => Promise<unknown>,
): Promise<FastifyReply> {
  const stream = openEventStream(request, reply);
  const locale = messageLocale(request.headers['accept-language']);
  try {
    const answer = await produce({ signal: stream.signal, delta: (text) => stream.send('delta', { text }) });
    stream.send('done', answer);
  } catch (error) {
    const known = error instanceof AppError ? error : null;
    if (!known)
      request.log.error({ err: { message: (error as Error)?.message?.split('\n')[0] } }, 'answer stream failed');
    stream.send(
      'error',
      known
        ? { detail: translateMessage(known.detail, locale), code: known.code }
        : { detail: translateMessage('A server error occurred.', locale), code: 'server_error' },
    );
  }
  stream.end();
  return reply;
}
