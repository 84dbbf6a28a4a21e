import { NODE_FIELDS, type NodeFields, type TreeDocument, type TreeLink, type TreeNode } from './document.ts';
import { findPrerequisiteCycle } from './paths.ts';

/**
 * Three-way merge of tree documents (API.md, "Three-way merge"): `base` is the common ancestor,
 * `mine` the document being updated (a fork, the author's working copy), `theirs` the incoming one
 * (a new template revision, a suggestion). Nodes are matched by id.
 */

/** What a conflict is about: one field of a node, its parent (moves), whether it exists, or its links. */
export type MergeConflictField = keyof NodeFields | 'parent_id' | 'presence' | 'links';

export interface MergeConflict {
  node_id: string;
  field: MergeConflictField;
  /** the value on each side; `undefined` where the node does not exist (presence conflicts) */
  base: unknown;
  mine: unknown;
  theirs: unknown;
}

/** A side picked per conflicting node: every conflict of that node takes that side. */
export type MergeResolution = Readonly<Record<string, 'mine' | 'theirs'>>;

export interface MergeResult {
  /** the merged document; with unresolved conflicts it holds mine's value at each of them */
  document: TreeDocument;
  /** conflicts `resolve` did not settle, in node order of mine, then theirs */
  conflicts: MergeConflict[];
}

/** Fields where a change on both sides keeps mine instead of conflicting (view state, not content). */
const MINE_WINS: ReadonlySet<MergeConflictField> = new Set(['collapsed', 'position']);
/** The base of a node both sides added: no field has a base value. */
const NO_NODE = {} as TreeNode;

function same(x: unknown, y: unknown): boolean {
  if (x === y) return true;
  if (typeof x !== 'object' || typeof y !== 'object' || x === null || y === null) return false;
  return JSON.stringify(x) === JSON.stringify(y);
}

const linkKey = (link: TreeLink) => `${link.source}\u0000${link.target}\u0000${link.kind}`;

function nodeChanged(before: TreeNode, after: TreeNode): boolean {
  return before.parent_id !== after.parent_id || NODE_FIELDS.some((field) => !same(before[field], after[field]));
}

/** Collects conflicts and answers which side's value a conflicting node takes. */
class Conflicts {
  readonly open: MergeConflict[] = [];
  constructor(private readonly resolve: MergeResolution) {}

  /** Records a conflict unless `resolve` settles it; answers the side to take. */
  side(conflict: MergeConflict): 'mine' | 'theirs' {
    const picked = this.resolve[conflict.node_id];
    if (picked) return picked;
    this.open.push(conflict);
    return 'mine';
  }
}

/** Merges one field (or the parent) that exists on every side. */
function mergeValue<T>(
  conflicts: Conflicts,
  nodeId: string,
  field: MergeConflictField,
  base: T,
  mine: T,
  theirs: T,
): T {
  if (same(mine, base) || same(mine, theirs)) return theirs;
  if (same(theirs, base) || MINE_WINS.has(field)) return mine;
  return conflicts.side({ node_id: nodeId, field, base, mine, theirs }) === 'mine' ? mine : theirs;
}

function mergeNode(conflicts: Conflicts, base: TreeNode, mine: TreeNode, theirs: TreeNode): TreeNode {
  if (mine === theirs || mine === base) return theirs;
  if (theirs === base) return mine;
  const merged: TreeNode = {
    ...mine,
    parent_id: mergeValue(conflicts, mine.id, 'parent_id', base.parent_id, mine.parent_id, theirs.parent_id),
  };
  for (const field of NODE_FIELDS) {
    (merged as Record<string, unknown>)[field] = mergeValue(
      conflicts,
      mine.id,
      field,
      base[field],
      mine[field],
      theirs[field],
    );
  }
  return merged;
}

/**
 * Which nodes the merge keeps, and in which version. A node removed on one side goes when the other
 * side left it as it was in base; removed on one side and changed on the other is a conflict.
 */
function mergeNodes(
  conflicts: Conflicts,
  base: Map<string, TreeNode>,
  mine: Map<string, TreeNode>,
  theirs: Map<string, TreeNode>,
): Map<string, TreeNode> {
  const kept = new Map<string, TreeNode>();
  const ids = [...new Set([...mine.keys(), ...theirs.keys()])];
  for (const id of ids) {
    const b = base.get(id);
    const m = mine.get(id);
    const t = theirs.get(id);
    if (m && t) {
      // Added on both sides under the same id: every field that differs is a conflict.
      kept.set(id, mergeNode(conflicts, b ?? NO_NODE, m, t));
    } else if (!b) {
      kept.set(id, (m ?? t)!); // added on one side
    } else if (m) {
      // removed by theirs
      if (!nodeChanged(b, m)) continue;
      const side = conflicts.side({ node_id: id, field: 'presence', base: b, mine: m, theirs: undefined });
      if (side === 'mine') kept.set(id, m);
    } else {
      // removed by mine
      if (!nodeChanged(b, t!)) continue;
      const side = conflicts.side({ node_id: id, field: 'presence', base: b, mine: undefined, theirs: t });
      if (side === 'theirs') kept.set(id, t!);
    }
  }
  return kept;
}

/** Removes `id` and everything under it from `kept`. */
function dropSubtree(kept: Map<string, TreeNode>, id: string): void {
  const children = new Map<string, string[]>();
  for (const node of kept.values()) {
    if (node.parent_id !== null) children.set(node.parent_id, [...(children.get(node.parent_id) ?? []), node.id]);
  }
  const stack = [id];
  while (stack.length) {
    const at = stack.pop()!;
    kept.delete(at);
    stack.push(...(children.get(at) ?? []));
  }
}

/**
 * A node whose parent the merge dropped (added or moved under a node the other side removed) is a
 * conflict of its own. The side its parent comes from brings the missing ancestors back; the other
 * side drops the node with its subtree.
 */
function settleOrphans(
  conflicts: Conflicts,
  kept: Map<string, TreeNode>,
  sides: { base: Map<string, TreeNode>; mine: Map<string, TreeNode>; theirs: Map<string, TreeNode> },
): void {
  for (let changed = true; changed;) {
    changed = false;
    for (const id of [...kept.keys()]) {
      const node = kept.get(id);
      if (!node || node.parent_id === null || kept.has(node.parent_id)) continue;
      changed = true;
      const parentSide = sides.mine.has(node.parent_id) ? 'mine' : 'theirs';
      const side = conflicts.side({
        node_id: id,
        field: 'parent_id',
        base: sides.base.get(id)?.parent_id,
        mine: sides.mine.get(id)?.parent_id,
        theirs: sides.theirs.get(id)?.parent_id,
      });
      if (side !== parentSide) {
        dropSubtree(kept, id);
        continue;
      }
      const source = sides[parentSide];
      for (let at = source.get(node.parent_id); at && !kept.has(at.id);) {
        kept.set(at.id, at);
        at = at.parent_id === null ? undefined : source.get(at.parent_id);
      }
    }
  }
}

/**
 * The nodes of a loop of parent links that `start` leads into, or none. `rooted` collects the nodes
 * known to reach the root, so checking every node costs one walk per node overall.
 */
function loopFrom(kept: Map<string, TreeNode>, start: string, rooted: Set<string>): TreeNode[] {
  const walked: string[] = [];
  const onWalk = new Set<string>();
  let at = kept.get(start);
  while (at && !rooted.has(at.id) && !onWalk.has(at.id)) {
    walked.push(at.id);
    onWalk.add(at.id);
    at = at.parent_id === null ? undefined : kept.get(at.parent_id);
  }
  if (!at || rooted.has(at.id)) {
    for (const id of walked) rooted.add(id);
    return [];
  }
  const loop: TreeNode[] = [];
  for (let node = at; !loop.includes(node); node = kept.get(node.parent_id!)!) loop.push(node);
  return loop;
}

/**
 * Moves made on different sides can close a loop (mine puts A under B, theirs B under A). Each node of
 * a loop that took theirs' parent is a conflict; keeping mine's parent breaks the loop. When every such
 * node is resolved to theirs the loop stays, so its first one is reported whatever `resolve` says.
 */
function breakCycles(
  conflicts: Conflicts,
  kept: Map<string, TreeNode>,
  sides: { base: Map<string, TreeNode>; mine: Map<string, TreeNode> },
): void {
  const rooted = new Set<string>();
  for (const id of [...kept.keys()]) {
    const loop = loopFrom(kept, id, rooted);
    if (loop.length === 0) continue;
    const moved = loop.filter((node) => {
      const own = sides.mine.get(node.id);
      return own && own.parent_id !== node.parent_id && (own.parent_id === null || kept.has(own.parent_id));
    });
    const conflictOf = (node: TreeNode): MergeConflict => ({
      node_id: node.id,
      field: 'parent_id',
      base: sides.base.get(node.id)?.parent_id,
      mine: sides.mine.get(node.id)?.parent_id,
      theirs: node.parent_id,
    });
    let broken = false;
    for (const node of moved) {
      if (conflicts.side(conflictOf(node)) !== 'mine') continue;
      kept.set(node.id, { ...node, parent_id: sides.mine.get(node.id)!.parent_id });
      broken = true;
    }
    if (!broken) conflicts.open.push(conflictOf(moved[0] ?? loop[0]!));
  }
}

function childrenByParent(doc: TreeDocument): Map<string | null, string[]> {
  const groups = new Map<string | null, string[]>();
  for (const node of doc.nodes) {
    const list = groups.get(node.parent_id);
    if (list) list.push(node.id);
    else groups.set(node.parent_id, [node.id]);
  }
  return groups;
}

/** Puts each of `ids` not in `list` yet right after its nearest placed predecessor in `order`. */
function placeAfterPredecessors(list: string[], ids: readonly string[], order: readonly string[]): void {
  const placed = new Set(list);
  for (const id of ids) {
    if (placed.has(id)) continue;
    // First when no predecessor of it is placed; last when `order` does not know it.
    let at = order.includes(id) ? 0 : list.length;
    for (let i = order.indexOf(id) - 1; i >= 0; i--) {
      const before = list.indexOf(order[i]!);
      if (before >= 0) {
        at = before + 1;
        break;
      }
    }
    list.splice(at, 0, id);
    placed.add(id);
  }
}

/**
 * Sibling order follows mine, with nodes new from theirs placed after their predecessor in theirs.
 * Where mine left a group of siblings exactly as in base, theirs' order leads instead, so merging
 * into an unchanged side gives the other side back.
 */
function orderNodes(kept: Map<string, TreeNode>, base: TreeDocument, mine: TreeDocument, theirs: TreeDocument) {
  const [baseGroups, mineGroups, theirGroups] = [base, mine, theirs].map(childrenByParent) as [
    Map<string | null, string[]>,
    Map<string | null, string[]>,
    Map<string | null, string[]>,
  ];
  const members = new Map<string | null, string[]>();
  for (const node of kept.values()) {
    const list = members.get(node.parent_id);
    if (list) list.push(node.id);
    else members.set(node.parent_id, [node.id]);
  }
  const groups = new Map<string | null, string[]>();
  for (const [parent, ids] of members) {
    const inGroup = new Set(ids);
    const mineOrder = mineGroups.get(parent) ?? [];
    const theirOrder = theirGroups.get(parent) ?? [];
    const mineUnchanged = same(mineOrder, baseGroups.get(parent) ?? []);
    const [lead, follow] = mineUnchanged ? [theirOrder, mineOrder] : [mineOrder, theirOrder];
    const list = lead.filter((id) => inGroup.has(id));
    placeAfterPredecessors(
      list,
      follow.filter((id) => inGroup.has(id)),
      follow,
    );
    // Nodes placed by neither side here (ancestors brought back for an orphan) go last.
    placeAfterPredecessors(list, ids, []);
    groups.set(parent, list);
  }
  // Depth first from the root, without recursion (trees can be thousands of levels deep).
  const ordered: TreeNode[] = [];
  const stack = [...(groups.get(null) ?? [])].reverse();
  while (stack.length) {
    const id = stack.pop()!;
    ordered.push(kept.get(id)!);
    stack.push(...[...(groups.get(id) ?? [])].reverse());
  }
  return ordered;
}

/**
 * Additions from either side are kept; a removal applies unless the other side added the same link.
 * Two links can join a pair of nodes once: where both sides linked the same pair differently, mine's
 * link stays.
 */
function mergeLinks(base: TreeDocument, mine: TreeDocument, theirs: TreeDocument, kept: Map<string, TreeNode>) {
  const inBase = new Set(base.links.map(linkKey));
  const inMine = new Set(mine.links.map(linkKey));
  const inTheirs = new Set(theirs.links.map(linkKey));
  const links: TreeLink[] = [];
  const pairs = new Set<string>();
  for (const link of [...mine.links, ...theirs.links]) {
    const key = linkKey(link);
    const pair = `${link.source}\u0000${link.target}`;
    if (pairs.has(pair) || !kept.has(link.source) || !kept.has(link.target)) continue;
    if (inBase.has(key) && !(inMine.has(key) && inTheirs.has(key))) continue;
    pairs.add(pair);
    links.push(link);
  }
  return links;
}

/**
 * Prerequisites the two sides added can close a circle together. A closing link from theirs is a
 * conflict on its source node and is left out (it cannot be kept); a circle that mine's own links
 * close is reported whatever `resolve` says.
 */
function breakPrerequisiteCircles(conflicts: Conflicts, document: TreeDocument, mine: TreeDocument): void {
  const fromMine = new Set(mine.links.map(linkKey));
  for (let closing = findPrerequisiteCycle(document); closing !== null; closing = findPrerequisiteCycle(document)) {
    const link = document.links[closing]!;
    const conflict: MergeConflict = { node_id: link.source, field: 'links', base: undefined, mine: null, theirs: link };
    if (fromMine.has(linkKey(link))) {
      conflicts.open.push({ ...conflict, mine: link, theirs: null });
      return;
    }
    if (conflicts.side(conflict) === 'theirs') conflicts.open.push(conflict);
    document.links = document.links.filter((_, index) => index !== closing);
  }
}

/** Mine's value unless only theirs changed it. */
const documentField = <T>(base: T, mine: T, theirs: T): T => (same(mine, base) ? theirs : mine);

/**
 * Merges `theirs` into `mine` against their common `base`. Deterministic; conflicts are listed by
 * node and field, and `resolve` settles them per node. With no conflict left the result is a valid
 * document (validate it like any save before storing it).
 */
export function mergeDocuments(
  base: TreeDocument,
  mine: TreeDocument,
  theirs: TreeDocument,
  resolve: MergeResolution = {},
): MergeResult {
  const conflicts = new Conflicts(resolve);
  const byId = (doc: TreeDocument) => new Map(doc.nodes.map((n) => [n.id, n]));
  const [baseNodes, mineNodes, theirNodes] = [byId(base), byId(mine), byId(theirs)];
  const kept = mergeNodes(conflicts, baseNodes, mineNodes, theirNodes);
  const sides = { base: baseNodes, mine: mineNodes, theirs: theirNodes };
  settleOrphans(conflicts, kept, sides);
  breakCycles(conflicts, kept, sides);
  const document: TreeDocument = {
    ...mine,
    layout: documentField(base.layout, mine.layout, theirs.layout),
    unlock: documentField(base.unlock ?? 'links', mine.unlock ?? 'links', theirs.unlock ?? 'links'),
    nodes: orderNodes(kept, base, mine, theirs),
    links: mergeLinks(base, mine, theirs, kept),
  };
  breakPrerequisiteCircles(conflicts, document, mine);
  return { document, conflicts: conflicts.open };
}
