import type { FastifyReply } from 'fastify';

/**
 * Answers that carry a stored JSON document (a tree's working copy, a template's snapshot) splice the
 * stored text into the answer as it is. Documents are validated against the contract and serialised when
 * they are written, so a read neither parses them nor stringifies them again: for a tree of up to 5,000
 * nodes those two steps and the response schema's check were most of a GET's work. The route's response
 * schema still documents the answer.
 */

/** The JSON text of `fields` with `key` set to `storedJson`, which is copied in unparsed (it must be valid JSON). */
export function spliceStoredJson(fields: Readonly<Record<string, unknown>>, key: string, storedJson: string): string {
  if (Object.hasOwn(fields, key)) throw new Error(`spliceStoredJson: "${key}" is already among the fields`);
  const head = JSON.stringify(fields);
  const separator = head === '{}' ? '' : ',';
  return `${head.slice(0, -1)}${separator}${JSON.stringify(key)}:${storedJson}}`;
}

/**
 * Sends JSON text as it is: a string (or its UTF-8 bytes, when kept encoded for many answers)
 * with a JSON content type skips the route's serializer.
 */
export function sendJsonText(reply: FastifyReply, json: string | Buffer): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(json);
}
