import type { FastifyReply, FastifyRequest } from 'fastify';

export interface EventStream {
  send(event: string, data: unknown): void;
  end(): void;
  /** aborted when the client goes away, so upstream work stops too */
  signal: AbortSignal;
}

/** True when the client asked for Server-Sent Events by body flag or Accept header. */
export function wantsEventStream(request: FastifyRequest, bodyFlag: boolean | undefined): boolean {
  return bodyFlag === true || (request.headers.accept ?? '').includes('text/event-stream');
}

/**
 * Takes the response over from Fastify and opens an SSE stream. Headers Fastify would add later
 * (request id, security headers set on the raw response by earlier hooks) are kept.
 */
export function openEventStream(request: FastifyRequest, reply: FastifyReply): EventStream {
  const raw = reply.raw;
  const controller = new AbortController();
  reply.hijack();
  raw.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    'x-accel-buffering': 'no',
    'x-content-type-options': 'nosniff',
    'x-request-id': request.id,
    connection: 'keep-alive',
  });
  raw.on('close', () => {
    if (!raw.writableEnded) controller.abort();
  });
  return {
    signal: controller.signal,
    send(event, data) {
      if (!raw.writableEnded && !raw.destroyed) raw.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    },
    end() {
      if (!raw.writableEnded) raw.end();
    },
  };
}
