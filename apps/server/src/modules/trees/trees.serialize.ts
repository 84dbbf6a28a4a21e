import type { FastifyReply } from 'fastify';

/**
 * Sends an answer that carries a stored document without re-checking it against the response
 * schema (which still documents it): documents are validated when written, and re-parsing up to
 * 5,000 nodes on every read would cost more than the rest of the request. For routes only. For a
 * document read as stored (not rebuilt, as a version is), `lib/stored-json.ts` sends its text unparsed.
 */
export function serializeTrusted(reply: FastifyReply): FastifyReply {
  // A custom serializer leaves the content type unset: say it is JSON (clients and compression rely on it).
  return reply.type('application/json; charset=utf-8').serializer((payload: unknown) => JSON.stringify(payload));
}
