import {
  createNodeId,
  TreeLink,
  TreeNode,
  type LayoutDirection,
  type NodeFields,
  type TreeDocument,
  type TreeLinkInputFields,
  type UnlockMode,
} from './document.ts';
import { findPrerequisiteCycle } from './paths.ts';
import { indexTree, subtreeIds } from './tree-index.ts';

/**
 * Pure editing operations used by the editor and its undo/redo: each takes a valid document and
 * returns a new valid one (the input is never mutated; untouched nodes keep their identity so a
 * renderer can skip them). A request that would break a rule throws `TreeOperationError`.
 */
export class TreeOperationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TreeOperationError';
  }
}

/** Fields of a new node: a title, optionally an id (generated when absent) and any other field. */
export type NewNodeFields = Partial<NodeFields> & { title: string; id?: string };

export interface InsertResult {
  document: TreeDocument;
  /** id of the inserted node (the root of a pasted subtree) */
  nodeId: string;
}

function requireNode(doc: TreeDocument, nodeId: string): TreeNode {
  const node = doc.nodes.find((n) => n.id === nodeId);
  if (!node) throw new TreeOperationError(`Node "${nodeId}" does not exist.`);
  return node;
}

function buildNode(fields: unknown): TreeNode {
  const parsed = TreeNode.safeParse(fields);
  if (!parsed.success) throw new TreeOperationError(parsed.error.issues[0]?.message ?? 'Invalid node.');
  return parsed.data;
}

/**
 * Inserts `inserted` (nodes not yet in `nodes`, the first being the new child) so that it becomes
 * child number `index` of `parentId` (last when absent or past the end).
 */
function insertAsChild(nodes: TreeNode[], inserted: TreeNode[], parentId: string, index?: number): TreeNode[] {
  let anchor = -1;
  let before = false;
  let siblingCount = 0;
  for (let i = 0; i < nodes.length; i++) {
    const node = nodes[i]!;
    if (node.id === parentId && anchor === -1) anchor = i;
    if (node.parent_id !== parentId) continue;
    if (index !== undefined && siblingCount === index) {
      anchor = i;
      before = true;
      break;
    }
    siblingCount++;
    anchor = i;
  }
  const at = before ? anchor : anchor + 1;
  return [...nodes.slice(0, at), ...inserted, ...nodes.slice(at)];
}

function existingIds(doc: TreeDocument): Set<string> {
  return new Set(doc.nodes.map((n) => n.id));
}

/** Adds a new node as child number `index` (last when absent) of `parentId`. */
export function addChild(doc: TreeDocument, parentId: string, fields: NewNodeFields, index?: number): InsertResult {
  requireNode(doc, parentId);
  const taken = existingIds(doc);
  const id = fields.id ?? createNodeId(taken);
  if (taken.has(id)) throw new TreeOperationError(`Node "${id}" already exists.`);
  const node = buildNode({ ...fields, id, parent_id: parentId });
  return { document: { ...doc, nodes: insertAsChild(doc.nodes, [node], parentId, index) }, nodeId: id };
}

/** Adds a new node right before or after `siblingId` under the same parent. */
export function addSibling(
  doc: TreeDocument,
  siblingId: string,
  fields: NewNodeFields,
  position: 'before' | 'after' = 'after',
): InsertResult {
  const sibling = requireNode(doc, siblingId);
  if (sibling.parent_id === null) throw new TreeOperationError('The root cannot have siblings.');
  const siblings = doc.nodes.filter((n) => n.parent_id === sibling.parent_id);
  const at = siblings.indexOf(sibling) + (position === 'after' ? 1 : 0);
  return addChild(doc, sibling.parent_id, fields, at);
}

/**
 * Moves a node (with its subtree) to become child number `index` (last when absent) of
 * `newParentId`. Refuses the root and any move into the node's own subtree.
 */
export function moveNode(doc: TreeDocument, nodeId: string, newParentId: string, index?: number): TreeDocument {
  const node = requireNode(doc, nodeId);
  requireNode(doc, newParentId);
  if (node.parent_id === null) throw new TreeOperationError('The root cannot be moved.');
  if (subtreeIds(indexTree(doc), nodeId).includes(newParentId)) {
    throw new TreeOperationError(`Node "${nodeId}" cannot be moved into its own subtree.`);
  }
  const moved = node.parent_id === newParentId ? node : { ...node, parent_id: newParentId };
  const rest = doc.nodes.filter((n) => n !== node);
  return { ...doc, nodes: insertAsChild(rest, [moved], newParentId, index) };
}

/** Alias of `moveNode`: gives a node a new parent. */
export const reparent = moveNode;

/** Moves a node to position `index` among its siblings. */
export function reorderSibling(doc: TreeDocument, nodeId: string, index: number): TreeDocument {
  const node = requireNode(doc, nodeId);
  if (node.parent_id === null) throw new TreeOperationError('The root has no siblings.');
  return moveNode(doc, nodeId, node.parent_id, Math.max(0, index));
}

/** Removes a node, its descendants and every link touching them. The root cannot be deleted. */
export function deleteSubtree(doc: TreeDocument, nodeId: string): TreeDocument {
  const node = requireNode(doc, nodeId);
  if (node.parent_id === null) throw new TreeOperationError('The root cannot be deleted.');
  const removed = new Set(subtreeIds(indexTree(doc), nodeId));
  return {
    ...doc,
    nodes: doc.nodes.filter((n) => !removed.has(n.id)),
    links: doc.links.filter((l) => !removed.has(l.source) && !removed.has(l.target)),
  };
}

/** Changes fields of one node (not its id or parent: use `moveNode`); the result is checked. */
export function updateNode(doc: TreeDocument, nodeId: string, patch: Partial<NodeFields>): TreeDocument {
  const node = requireNode(doc, nodeId);
  const updated = buildNode({ ...node, ...patch, id: node.id, parent_id: node.parent_id });
  return { ...doc, nodes: doc.nodes.map((n) => (n === node ? updated : n)) };
}

/** Adds an extra edge between two existing, different nodes (one per ordered pair). */
export function addLink(doc: TreeDocument, fields: TreeLinkInputFields): TreeDocument {
  const parsed = TreeLink.safeParse(fields);
  if (!parsed.success) throw new TreeOperationError(parsed.error.issues[0]?.message ?? 'Invalid link.');
  const link = parsed.data;
  requireNode(doc, link.source);
  requireNode(doc, link.target);
  if (link.source === link.target) throw new TreeOperationError('A node cannot link to itself.');
  if (doc.links.some((l) => l.source === link.source && l.target === link.target)) {
    throw new TreeOperationError(`"${link.source}" already links to "${link.target}".`);
  }
  const next = { ...doc, links: [...doc.links, link] };
  // A prerequisite that closes a circle could never unlock; the document would not validate. (A circle already
  // there, which an unlock mode can close, is validation's to name.)
  if (link.kind === 'prerequisite' && findPrerequisiteCycle(next) !== null && findPrerequisiteCycle(doc) === null)
    throw new TreeOperationError(`"${link.source}" → "${link.target}" closes a circle of prerequisites.`);
  return next;
}

/** Removes the link from `source` to `target` (no-op when absent). */
export function removeLink(doc: TreeDocument, source: string, target: string): TreeDocument {
  const links = doc.links.filter((l) => l.source !== source || l.target !== target);
  return links.length === doc.links.length ? doc : { ...doc, links };
}

export function setLayoutDirection(doc: TreeDocument, direction: LayoutDirection): TreeDocument {
  return { ...doc, layout: { ...doc.layout, direction } };
}

/**
 * Sets what a node waits for before it unlocks (`links`: its prerequisites; `parent`: its parent too).
 * The same mode gives back the same document, so no empty undo step is recorded. A prerequisite circle
 * the new mode closes is left for validation (the server refuses it naming the link).
 */
export function setUnlockMode(doc: TreeDocument, unlock: UnlockMode): TreeDocument {
  return (doc.unlock ?? 'links') === unlock ? doc : { ...doc, unlock };
}

/** A copied subtree: its first node is the subtree root (parent_id null); links inside it come along. */
export interface TreeClipboard {
  kind: 'arbor-subtree';
  nodes: TreeNode[];
  links: TreeLink[];
}

/** Copies a node and its descendants (in document order) with the links between them. */
export function copySubtree(doc: TreeDocument, nodeId: string): TreeClipboard {
  requireNode(doc, nodeId);
  const ids = new Set(subtreeIds(indexTree(doc), nodeId));
  const nodes = doc.nodes.filter((n) => ids.has(n.id)).map((n) => (n.id === nodeId ? { ...n, parent_id: null } : n));
  nodes.sort((a, b) => (a.id === nodeId ? -1 : b.id === nodeId ? 1 : 0));
  return { kind: 'arbor-subtree', nodes, links: doc.links.filter((l) => ids.has(l.source) && ids.has(l.target)) };
}

/** Pastes a copied subtree as child number `index` of `parentId`, giving every node a fresh id. */
export function pasteSubtree(
  doc: TreeDocument,
  clipboard: TreeClipboard,
  parentId: string,
  index?: number,
): InsertResult {
  requireNode(doc, parentId);
  const [clipRoot] = clipboard.nodes;
  if (!clipRoot) throw new TreeOperationError('Nothing to paste.');
  const taken = existingIds(doc);
  const fresh = new Map<string, string>();
  for (const node of clipboard.nodes) {
    const id = createNodeId(taken);
    taken.add(id);
    fresh.set(node.id, id);
  }
  const pasted = clipboard.nodes.map((node) =>
    buildNode({
      ...node,
      id: fresh.get(node.id)!,
      parent_id: node === clipRoot ? parentId : (fresh.get(node.parent_id ?? '') ?? parentId),
    }),
  );
  const links = clipboard.links
    .filter((l) => fresh.has(l.source) && fresh.has(l.target))
    .map((l) => ({ ...l, source: fresh.get(l.source)!, target: fresh.get(l.target)! }));
  const withRoot = insertAsChild(doc.nodes, [pasted[0]!], parentId, index);
  return {
    document: { ...doc, nodes: [...withRoot, ...pasted.slice(1)], links: [...doc.links, ...links] },
    nodeId: pasted[0]!.id,
  };
}
