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
  return `${headBefore(fields, key)}${storedJson}}`;
}

/**
 * `spliceStoredJson` for stored JSON kept as UTF-8 bytes: the answer's bytes, the stored ones copied once
 * and never decoded into a string (a tree's document kept per revision, `trees/document-bytes.ts`).
 */
export function spliceStoredBytes(fields: Readonly<Record<string, unknown>>, key: string, storedJson: Buffer): Buffer {
  const head = headBefore(fields, key);
  const last = lastAnswers.get(storedJson);
  if (last?.head === head) return last.answer;
  const answer = Buffer.concat([Buffer.from(head), storedJson, CLOSING_BRACE]);
  lastAnswers.set(storedJson, { head, answer });
  return answer;
}

/**
 * The last answer made from each kept document's bytes: the same fields around the same bytes (every read
 * of a tree until it changes) are answered with those bytes again instead of a new copy of the document
 * (for a read-heavy tree that copy, and collecting it, was a tenth of the request). Never written to.
 */
const lastAnswers = new WeakMap<Buffer, { head: string; answer: Buffer }>();

const CLOSING_BRACE = Buffer.from('}');

/** `{…fields,"key":` — the JSON text of `fields` up to where `key`'s value goes. */
function headBefore(fields: Readonly<Record<string, unknown>>, key: string): string {
  if (Object.hasOwn(fields, key)) throw new Error(`spliceStoredJson: "${key}" is already among the fields`);
  const head = JSON.stringify(fields);
  const separator = head === '{}' ? '' : ',';
  return `${head.slice(0, -1)}${separator}${JSON.stringify(key)}:`;
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
