import { findPrerequisiteCycle } from './paths.ts';
import type { z } from 'zod';
import { DEFAULT_TREE_LIMITS, NODE_ID_PATTERN, TreeDocument, type TreeLimits } from './document.ts';
import { fastParseTreeDocument } from './fast-parse.ts';

/**
 * One broken rule. `path` names the node by id (`nodes.<id>.parent_id`) so an editor can highlight it
 * and the server can answer `fields` naming the node; `too_large` marks the byte limit (HTTP 413).
 */
export interface TreeIssue {
  path: string;
  node_id: string | null;
  message: string;
  code: 'invalid' | 'too_large';
}

export type TreeValidationResult =
  { ok: true; document: TreeDocument; json: string; bytes: number } | { ok: false; issues: TreeIssue[] };

/** Enough to show the user what is wrong without building a huge answer for a badly broken document. */
const MAX_ISSUES = 50;

/** UTF-8 size of a string, counted without copying it. */
/** Node's native byte count when it exists (about 20× faster on a 2 MB document); a loop elsewhere. */
const nativeByteLength = (globalThis as { Buffer?: { byteLength(text: string, encoding: 'utf8'): number } }).Buffer
  ?.byteLength;

function utf8Size(text: string): number {
  if (nativeByteLength) return nativeByteLength(text, 'utf8');
  let bytes = text.length;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    // Surrogate pairs are 2 UTF-16 units and 4 UTF-8 bytes: +1 for each unit.
    if (code >= 0x80) bytes += code >= 0x800 && (code < 0xd800 || code > 0xdfff) ? 2 : 1;
  }
  return bytes;
}

const nodePath = (id: string | null, index: number, rest = '') =>
  (id !== null && NODE_ID_PATTERN.test(id) ? `nodes.${id}` : `nodes[${index}]`) + (rest ? `.${rest}` : '');
const nodeLabel = (id: string | null, index: number) =>
  id !== null && NODE_ID_PATTERN.test(id) ? `Node "${id}"` : `Node #${index + 1}`;

function rawNodeId(input: unknown, index: number): string | null {
  const nodes = (input as { nodes?: unknown })?.nodes;
  const id = Array.isArray(nodes) ? (nodes[index] as { id?: unknown } | undefined)?.id : undefined;
  return typeof id === 'string' ? id : null;
}

function schemaIssues(input: unknown, error: z.ZodError): TreeIssue[] {
  return error.issues.slice(0, MAX_ISSUES).map((issue) => {
    const [head, index, ...rest] = issue.path.map(String);
    if (head === 'nodes' && index !== undefined) {
      const id = rawNodeId(input, Number(index));
      return {
        path: nodePath(id, Number(index), rest.join('.')),
        node_id: id,
        message: `${nodeLabel(id, Number(index))}: ${issue.message}`,
        code: 'invalid',
      };
    }
    const path = issue.path.map(String).join('.') || 'data';
    return { path, node_id: null, message: issue.message, code: 'invalid' };
  });
}

/** The structural rules the schema cannot express: unique ids, one root, existing parents, no cycles, sound links. */
function structuralIssues(doc: TreeDocument): TreeIssue[] {
  const issues: TreeIssue[] = [];
  const add = (issue: Omit<TreeIssue, 'code'>) => {
    if (issues.length < MAX_ISSUES) issues.push({ ...issue, code: 'invalid' });
  };
  const ids = new Set<string>();
  doc.nodes.forEach((node, index) => {
    if (ids.has(node.id))
      add({
        path: nodePath(node.id, index, 'id'),
        node_id: node.id,
        message: `Node "${node.id}": the id is used by another node.`,
      });
    ids.add(node.id);
  });
  const roots = doc.nodes.filter((node) => node.parent_id === null);
  if (roots.length === 0)
    add({ path: 'nodes', node_id: null, message: 'The tree has no root node (one node must have parent_id null).' });
  doc.nodes.forEach((node, index) => {
    if (node.parent_id === null && node !== roots[0]) {
      add({
        path: nodePath(node.id, index, 'parent_id'),
        node_id: node.id,
        message: `Node "${node.id}": a tree has exactly one root; "${roots[0]!.id}" is already the root.`,
      });
    }
  });
  const children = new Map<string, string[]>();
  doc.nodes.forEach((node, index) => {
    if (node.parent_id === null) return;
    if (!ids.has(node.parent_id)) {
      add({
        path: nodePath(node.id, index, 'parent_id'),
        node_id: node.id,
        message: `Node "${node.id}": its parent "${node.parent_id}" does not exist.`,
      });
      return;
    }
    const list = children.get(node.parent_id);
    if (list) list.push(node.id);
    else children.set(node.parent_id, [node.id]);
  });
  if (roots.length > 0) {
    // Whatever is not reachable from the root but has an existing parent sits on or under a cycle.
    const reached = new Set<string>(roots.map((r) => r.id));
    const queue = roots.map((r) => r.id);
    for (let i = 0; i < queue.length; i++) {
      for (const child of children.get(queue[i]!) ?? []) {
        if (!reached.has(child)) {
          reached.add(child);
          queue.push(child);
        }
      }
    }
    doc.nodes.forEach((node, index) => {
      if (!reached.has(node.id) && node.parent_id !== null && ids.has(node.parent_id)) {
        add({
          path: nodePath(node.id, index, 'parent_id'),
          node_id: node.id,
          message: `Node "${node.id}": its parent chain forms a cycle and never reaches the root.`,
        });
      }
    });
  }
  const linkKeys = new Set<string>();
  doc.links.forEach((link, index) => {
    for (const end of ['source', 'target'] as const) {
      if (!ids.has(link[end]))
        add({
          path: `links[${index}].${end}`,
          node_id: link[end],
          message: `Link ${index + 1}: node "${link[end]}" does not exist.`,
        });
    }
    if (link.source === link.target)
      add({
        path: `links[${index}]`,
        node_id: link.source,
        message: `Link ${index + 1}: a node cannot link to itself ("${link.source}").`,
      });
    const key = `${link.source}\u0000${link.target}`;
    if (linkKeys.has(key))
      add({
        path: `links[${index}]`,
        node_id: link.source,
        message: `Link ${index + 1}: "${link.source}" → "${link.target}" is given twice.`,
      });
    linkKeys.add(key);
  });
  // Prerequisites (and, in parent mode, parents) must not wait for each other in a circle.
  const closing = findPrerequisiteCycle(doc);
  if (closing !== null) {
    const link = doc.links[closing]!;
    add({
      path: `links[${closing}]`,
      node_id: link.source,
      message: `Link ${closing + 1}: "${link.source}" → "${link.target}" closes a circle of prerequisites.`,
    });
  }
  return issues;
}

/**
 * Parses and fully checks a tree document: field rules, limits, one root, existing parents, no
 * cycles, unique ids, sound links. Returns the document with defaults filled in and its JSON (what
 * the byte limit measures, and what a server stores), or issues naming the node.
 */
export function validateTreeDocument(input: unknown, limits: TreeLimits = DEFAULT_TREE_LIMITS): TreeValidationResult {
  const rawNodes = (input as { nodes?: unknown })?.nodes;
  if (Array.isArray(rawNodes) && rawNodes.length > limits.maxNodes) {
    return {
      ok: false,
      issues: [
        {
          path: 'nodes',
          node_id: null,
          message: `A tree has at most ${limits.maxNodes} nodes (this one has ${rawNodes.length}).`,
          code: 'invalid',
        },
      ],
    };
  }
  let document = fastParseTreeDocument(input);
  if (!document) {
    const parsed = TreeDocument.safeParse(input);
    if (!parsed.success) return { ok: false, issues: schemaIssues(input, parsed.error) };
    document = parsed.data;
  }
  const issues = structuralIssues(document);
  if (issues.length) return { ok: false, issues };
  const json = JSON.stringify(document);
  const bytes = utf8Size(json);
  if (bytes > limits.maxBytes) {
    return {
      ok: false,
      issues: [
        {
          path: 'data',
          node_id: null,
          message: `The document is larger than ${limits.maxBytes} bytes (${bytes}).`,
          code: 'too_large',
        },
      ],
    };
  }
  return { ok: true, document, json, bytes };
}

/** Throws a `TreeDocumentError` unless the document is valid; returns it with defaults filled in. */
export function assertValidTreeDocument(input: unknown, limits: TreeLimits = DEFAULT_TREE_LIMITS): TreeDocument {
  const result = validateTreeDocument(input, limits);
  if (!result.ok) throw new TreeDocumentError(result.issues);
  return result.document;
}

export class TreeDocumentError extends Error {
  constructor(readonly issues: TreeIssue[]) {
    super(issues[0]?.message ?? 'Invalid tree document.');
    this.name = 'TreeDocumentError';
  }
}

/** Issues as `{path: [messages]}`, the API's `fields` shape; `prefix` is usually `data`. */
export function treeIssuesToFields(issues: TreeIssue[], prefix = ''): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const issue of issues) {
    const key = prefix ? `${prefix}.${issue.path}` : issue.path;
    (fields[key] ??= []).push(issue.message);
  }
  return fields;
}
