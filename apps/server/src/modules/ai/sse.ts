import type { FastifyReply, FastifyRequest } from 'fastify';

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
