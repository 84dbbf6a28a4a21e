import { validateTreeDocument, treeIssuesToFields, type TreeDocument, type TreeLimits } from '@arbor/tree-core';
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

/** A document built on the server (already valid), serialised for storage. */
export function storableDocument(document: TreeDocument): CheckedDocument {
  return { document, json: JSON.stringify(document), nodeCount: document.nodes.length };
}

/** Reads a stored document (already valid when it was written). */
export function parseStoredDocument(json: string): TreeDocument {
  return JSON.parse(json) as TreeDocument;
}
