import type { FastifyReply } from 'fastify';

/**
 * The one door for answers built from trusted JSON: a stored document (a tree's working copy, a template's
 * snapshot) spliced into its answer as stored text, or an answer that the server built from typed, already
 * validated data (a version with its rebuilt document, a learner's progress). Documents are validated against
 * the contract and serialised when they are written, so a read neither parses them nor stringifies them again,
 * and neither answer is re-checked against its response schema: for a tree of up to 5,000 nodes (or a
 * progress of 2,000) those steps were most of a GET's work. The route's response schema still documents the
 * answer, and the tests hold the answers to it.
 */

/** The JSON text of `fields` with `key` set to `storedJson`, which is copied in unparsed (it must be valid JSON). */
export function spliceStoredJson(fields: Readonly<Record<string, unknown>>, key: string, storedJson: string): string {
  if (Object.hasOwn(fields, key)) throw new Error(`spliceStoredJson: "${key}" is already among the fields`);
  const head = JSON.stringify(fields);
  const separator = head === '{}' ? '' : ',';
  return `${head.slice(0, -1)}${separator}${JSON.stringify(key)}:${storedJson}}`;
}

/**
 * Sends a trusted answer as JSON without the route's schema serializer: a string is JSON text (from
 * `spliceStoredJson` or a cached `JSON.stringify`) and a Buffer its UTF-8 bytes (kept encoded when one
 * text serves many answers), both sent as they are; any other value goes through one `JSON.stringify`.
 * (A string or Buffer payload with a JSON content type skips Fastify's serializer.) For routes only.
 */
export function sendTrustedJson(reply: FastifyReply, answer: string | Buffer | object): FastifyReply {
  const text = typeof answer === 'string' || Buffer.isBuffer(answer) ? answer : JSON.stringify(answer);
  return reply.type('application/json; charset=utf-8').send(text);
}
