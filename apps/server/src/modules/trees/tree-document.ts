import { validateTreeDocument, treeIssuesToFields, type TreeDocument, type TreeLimits } from '@arbor/tree-core';
import type { FastifyReply } from 'fastify';
import { invalid, payloadTooLarge } from '../../lib/http-errors.ts';

export interface CheckedDocument {
  document: TreeDocument;
  /** the normalised document as stored */
  json: string;
  nodeCount: number;
}

/**
 * Checks a document sent by a client: 413 over the byte limit, 400 with `fields` naming the node
 * for any broken rule. Returns it with defaults filled in and serialised for storage.
 */
export function checkTreeDocument(input: unknown, limits: TreeLimits): CheckedDocument {
  const result = validateTreeDocument(input, limits);
  if (!result.ok) {
    if (result.issues.some((issue) => issue.code === 'too_large')) throw payloadTooLarge(result.issues[0]!.message);
    throw invalid(result.issues[0]!.message, treeIssuesToFields(result.issues, 'data'));
  }
  return { document: result.document, json: result.json, nodeCount: result.document.nodes.length };
}

/** Reads a stored document (already valid when it was written). */
export function parseStoredDocument(json: string): TreeDocument {
  return JSON.parse(json) as TreeDocument;
}

/**
 * Sends an answer that carries a stored document without re-checking it against the response
 * schema (which still documents it): documents are validated when written, and re-parsing up to
 * 5,000 nodes on every read would cost more than the rest of the request.
 */
export function serializeTrusted(reply: FastifyReply): FastifyReply {
  // A custom serializer leaves the content type unset: say it is JSON (clients and compression rely on it).
  return reply.type('application/json; charset=utf-8').serializer((payload: unknown) => JSON.stringify(payload));
}
