import { NODE_FIELDS, type NodeFields, type TreeDocument, type TreeLink, type TreeNode } from './document.ts';
import { itemsOutOfOrder } from './sequence.ts';

export interface FieldChange<T = unknown> {
  from: T;
  to: T;
}

/** A node present in both documents whose parent changed, or whose place among its siblings did. */
export interface NodeMove {
  id: string;
  from_parent: string | null;
  to_parent: string | null;
  /** position among the siblings before and after */
  from_index: number;
  to_index: number;
}

export interface NodeChange {
  id: string;
  fields: { [K in keyof NodeFields]?: FieldChange<NodeFields[K]> };
}

/**
 * What changed from document `a` to document `b`, node by node. `added`/`removed`/`moved`/`changed`
 * and `links` describe the change for people (compare views); `order` additionally places nodes in
 * the node array so that `applyDiff(a, diff)` reproduces `b` exactly, not just an equivalent tree.
 */
export interface TreeDiff {
  added: TreeNode[];
  removed: TreeNode[];
  moved: NodeMove[];
  changed: NodeChange[];
  links: { added: TreeLink[]; removed: TreeLink[]; order?: TreeLink[] };
  layout: FieldChange<TreeDocument['layout']> | null;
  /** absent in diffs stored before the unlock mode existed */
  unlock?: FieldChange<TreeDocument['unlock']> | null;
  /** array placements, in `b` order: put `id` right after `after` (first when null) */
  order: { id: string; after: string | null }[];
}

export class TreeDiffError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TreeDiffError';
  }
}

function sameValue(x: unknown, y: unknown): boolean {
  if (x === y) return true;
  if (typeof x !== 'object' || typeof y !== 'object' || x === null || y === null) return false;
  return JSON.stringify(x) === JSON.stringify(y);
}

/** Documents stored before the unlock mode existed unlock by links. */
const unlockOf = (doc: TreeDocument): TreeDocument['unlock'] => doc.unlock ?? 'links';

const linkKey = (link: TreeLink) => `${link.source}\u0000${link.target}\u0000${link.kind}`;

function siblingOrder(nodes: TreeNode[]): Map<string | null, string[]> {
  const groups = new Map<string | null, string[]>();
  for (const node of nodes) {
    const list = groups.get(node.parent_id);
    if (list) list.push(node.id);
    else groups.set(node.parent_id, [node.id]);
  }
  return groups;
}

function diffFields(before: TreeNode, after: TreeNode): NodeChange | null {
  const fields: NodeChange['fields'] = {};
  let any = false;
  for (const field of NODE_FIELDS) {
    if (!sameValue(before[field], after[field])) {
      (fields as Record<string, FieldChange>)[field] = { from: before[field], to: after[field] };
      any = true;
    }
  }
  return any ? { id: after.id, fields } : null;
}

function diffMoves(a: TreeDocument, b: TreeDocument, before: Map<string, TreeNode>): NodeMove[] {
  const groupsA = siblingOrder(a.nodes);
  const groupsB = siblingOrder(b.nodes);
  const rank = (groups: Map<string | null, string[]>, node: TreeNode) => groups.get(node.parent_id)!.indexOf(node.id);
  const reordered = new Set<string>();
  for (const [parent, siblingsB] of groupsB) {
    const stayed = siblingsB.filter((id) => before.get(id)?.parent_id === parent);
    const stayedSet = new Set(stayed);
    const siblingsA = (groupsA.get(parent) ?? []).filter((id) => stayedSet.has(id));
    for (const id of itemsOutOfOrder(siblingsA, stayed)) reordered.add(id);
  }
  const moves: NodeMove[] = [];
  for (const node of b.nodes) {
    const old = before.get(node.id);
    if (!old || (old.parent_id === node.parent_id && !reordered.has(node.id))) continue;
    moves.push({
      id: node.id,
      from_parent: old.parent_id,
      to_parent: node.parent_id,
      from_index: rank(groupsA, old),
      to_index: rank(groupsB, node),
    });
  }
  return moves;
}

function diffLinks(a: TreeDocument, b: TreeDocument): TreeDiff['links'] {
  const keysA = new Set(a.links.map(linkKey));
  const keysB = new Set(b.links.map(linkKey));
  const added = b.links.filter((l) => !keysA.has(linkKey(l)));
  const removed = a.links.filter((l) => !keysB.has(linkKey(l)));
  const rebuilt = [...a.links.filter((l) => keysB.has(linkKey(l))), ...added];
  const inOrder = rebuilt.length === b.links.length && rebuilt.every((l, i) => linkKey(l) === linkKey(b.links[i]!));
  return inOrder ? { added, removed } : { added, removed, order: b.links };
}

/** The structural difference between two valid documents: added, removed, moved and changed nodes, links, layout. */
export function diffDocuments(a: TreeDocument, b: TreeDocument): TreeDiff {
  const before = new Map(a.nodes.map((n) => [n.id, n]));
  const after = new Map(b.nodes.map((n) => [n.id, n]));
  const changed: NodeChange[] = [];
  for (const node of b.nodes) {
    const old = before.get(node.id);
    const change = old && diffFields(old, node);
    if (change) changed.push(change);
  }
  const idsB = b.nodes.map((n) => n.id);
  const misplaced = itemsOutOfOrder(
    a.nodes.filter((n) => after.has(n.id)).map((n) => n.id),
    idsB,
  );
  const order: TreeDiff['order'] = [];
  idsB.forEach((id, i) => {
    if (misplaced.has(id)) order.push({ id, after: i === 0 ? null : idsB[i - 1]! });
  });
  return {
    added: b.nodes.filter((n) => !before.has(n.id)),
    removed: a.nodes.filter((n) => !after.has(n.id)),
    moved: diffMoves(a, b, before),
    changed,
    links: diffLinks(a, b),
    layout: sameValue(a.layout, b.layout) ? null : { from: a.layout, to: b.layout },
    unlock: unlockOf(a) === unlockOf(b) ? null : { from: unlockOf(a), to: unlockOf(b) },
    order,
  };
}

/** How many nodes a diff adds, removes, changes and moves (the summary of a compare or a history line). */
export interface ChangeCounts {
  added: number;
  removed: number;
  changed: number;
  moved: number;
}

/** The node counts of a diff. */
export function countChanges(diff: TreeDiff): ChangeCounts {
  return {
    added: diff.added.length,
    removed: diff.removed.length,
    changed: diff.changed.length,
    moved: diff.moved.length,
  };
}

/** True when the diff changes nothing. */
export function isEmptyDiff(diff: TreeDiff): boolean {
  return (
    !diff.added.length &&
    !diff.removed.length &&
    !diff.moved.length &&
    !diff.changed.length &&
    !diff.links.added.length &&
    !diff.links.removed.length &&
    !diff.links.order &&
    !diff.layout &&
    !diff.unlock &&
    !diff.order.length
  );
}

/**
 * A document being patched: nodes by id plus a doubly linked node order, so that applying a long
 * chain of small diffs costs the size of the diffs, not the size of the tree per diff.
 */
class WorkingDocument {
  private readonly nodes = new Map<string, TreeNode>();
  private readonly next = new Map<string | null, string | null>();
  private readonly prev = new Map<string, string | null>();
  private links: TreeLink[];
  private layout: TreeDocument['layout'];
  private unlock: TreeDocument['unlock'];
  private readonly format: TreeDocument['format'];

  constructor(doc: TreeDocument) {
    this.format = doc.format;
    this.layout = doc.layout;
    this.unlock = unlockOf(doc);
    this.links = doc.links;
    let last: string | null = null;
    this.next.set(null, null);
    for (const node of doc.nodes) {
      this.nodes.set(node.id, node);
      this.insertAfter(node.id, last);
      last = node.id;
    }
  }

  private insertAfter(id: string, after: string | null) {
    const following = this.next.get(after) ?? null;
    this.next.set(after, id);
    this.prev.set(id, after);
    this.next.set(id, following);
    if (following !== null) this.prev.set(following, id);
  }

  private unlink(id: string) {
    if (!this.prev.has(id)) return;
    const before = this.prev.get(id)!;
    const following = this.next.get(id) ?? null;
    this.next.set(before, following);
    if (following !== null) this.prev.set(following, before);
    this.prev.delete(id);
    this.next.delete(id);
  }

  private require(id: string): TreeNode {
    const node = this.nodes.get(id);
    if (!node) throw new TreeDiffError(`The diff does not fit this document: node "${id}" is missing.`);
    return node;
  }

  apply(diff: TreeDiff) {
    for (const node of diff.removed) {
      this.require(node.id);
      this.unlink(node.id);
      this.nodes.delete(node.id);
    }
    for (const change of diff.changed) {
      const patch: Record<string, unknown> = {};
      for (const [field, value] of Object.entries(change.fields)) patch[field] = (value as FieldChange).to;
      this.nodes.set(change.id, { ...this.require(change.id), ...patch });
    }
    for (const move of diff.moved) {
      const node = this.require(move.id);
      if (node.parent_id !== move.to_parent) this.nodes.set(move.id, { ...node, parent_id: move.to_parent });
    }
    for (const node of diff.added) {
      if (this.nodes.has(node.id))
        throw new TreeDiffError(`The diff does not fit this document: node "${node.id}" already exists.`);
      this.nodes.set(node.id, node);
    }
    for (const { id, after } of diff.order) {
      this.require(id);
      if (after !== null && !this.prev.has(after))
        throw new TreeDiffError(`The diff does not fit this document: node "${after}" is missing.`);
      this.unlink(id);
      this.insertAfter(id, after);
    }
    if (diff.links.order) this.links = diff.links.order;
    else if (diff.links.added.length || diff.links.removed.length) {
      const removed = new Set(diff.links.removed.map(linkKey));
      this.links = [...this.links.filter((l) => !removed.has(linkKey(l))), ...diff.links.added];
    }
    if (diff.layout) this.layout = diff.layout.to;
    if (diff.unlock) this.unlock = diff.unlock.to;
  }

  toDocument(): TreeDocument {
    const nodes: TreeNode[] = [];
    for (let id = this.next.get(null) ?? null; id !== null; id = this.next.get(id) ?? null)
      nodes.push(this.nodes.get(id)!);
    if (nodes.length !== this.nodes.size)
      throw new TreeDiffError('The diff does not fit this document: a node was never placed.');
    return { format: this.format, layout: this.layout, nodes, links: this.links, unlock: this.unlock };
  }
}

/** Applies `diffDocuments(a, b)` to `a`, giving `b`. Throws `TreeDiffError` when the diff does not fit. */
export function applyDiff(doc: TreeDocument, diff: TreeDiff): TreeDocument {
  return applyDiffs(doc, [diff]);
}

/** Applies a chain of diffs in order, in time proportional to the document plus the diffs. */
export function applyDiffs(doc: TreeDocument, diffs: readonly TreeDiff[]): TreeDocument {
  if (!diffs.length) return doc;
  const working = new WorkingDocument(doc);
  for (const diff of diffs) working.apply(diff);
  return working.toDocument();
}
