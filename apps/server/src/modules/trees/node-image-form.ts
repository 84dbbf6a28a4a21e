import { MAX_ID } from '@arbor/contract';
import type { FastifyRequest } from 'fastify';
import { invalid } from '../../lib/http-errors.ts';
import { readMultipart } from '../../lib/multipart.ts';

interface NodeImageForm {
  fields: Record<string, string>;
  image: Buffer | null;
}

const FORM_FIELDS = new Set(['tree', 'node_id']);

/**
 * Reads a node-image form: multipart (`tree`, `node_id`, file `image`) or, for a move without a new
 * image, a JSON body. Every file part is drained so the request completes; only `image` is kept.
 */
export async function readNodeImageForm(request: FastifyRequest): Promise<NodeImageForm> {
  if (!request.isMultipart()) {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const fields: Record<string, string> = {};
    for (const name of FORM_FIELDS) {
      if (typeof body[name] === 'string' || typeof body[name] === 'number') fields[name] = String(body[name]);
    }
    return { fields, image: null };
  }
  const form: NodeImageForm = { fields: {}, image: null };
  await readMultipart(request, async (part) => {
    if (part.type === 'file') {
      const bytes = await part.toBuffer();
      if (part.fieldname === 'image' && !form.image) form.image = bytes;
    } else if (FORM_FIELDS.has(part.fieldname) && typeof part.value === 'string') {
      form.fields[part.fieldname] = part.value;
    }
  });
  return form;
}

/** A required positive integer form field (`tree`). */
export function formId(fields: Record<string, string>, name: string): number {
  const value = fields[name];
  if (value === undefined || !/^\d{1,15}$/.test(value) || Number(value) < 1 || Number(value) > MAX_ID) {
    throw invalid(`${name} must be an id.`, {
      [name]: [value === undefined ? 'This field is required.' : 'A valid id is required.'],
    });
  }
  return Number(value);
}
