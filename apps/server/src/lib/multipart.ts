import type { Multipart } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { invalid } from './http-errors.ts';

const MALFORMED = 'The multipart body is malformed.';

/**
 * Reads every part of a multipart request with `handle` (which only buffers: no storage, no
 * database). The parser's limits keep their own answers (413, 400 for `__proto__` fields); anything
 * else it throws — no boundary, a body cut short, broken part headers — is the client's malformed
 * body: 400, not a 500.
 */
export async function readMultipart(
  request: FastifyRequest,
  handle: (part: Multipart) => Promise<void>,
): Promise<void> {
  try {
    for await (const part of request.parts()) await handle(part);
  } catch (error) {
    const status = (error as { statusCode?: number }).statusCode;
    if (status !== undefined && status >= 400 && status < 500) throw error;
    throw invalid(MALFORMED, { non_field_errors: [MALFORMED] });
  }
}
