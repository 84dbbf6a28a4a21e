/**
 * The waits-for graph of a tree (API.md "Learning"): which nodes a node waits for before it is
 * unlocked, the locked set for a learner's statuses, the path to a goal, and prerequisite cycles.
 * Pure functions over the document's structure; nothing here reads or writes a database.
 */

/** What the waits-for graph needs of a document. */
export interface PathsDocument {
  nodes: readonly { id: string; parent_id: string | null }[];
  links: readonly { source: string; target: string; kind: string }[];
  /** `links`: a node waits for the sources of its incoming prerequisite links; `parent`: for its parent too */
  unlock?: 'links' | 'parent';
}

/** A learner's status of a node; `todo` is the default (no row). */
export type LearningStatus = 'todo' | 'learning' | 'done' | 'skipped';

export interface WaitsForGraph {
  /** node ids in document order */
  order: readonly string[];
  /** position of each node in `order` */
  indexOf: ReadonlyMap<string, number>;
  /** the nodes each node waits for (never the root, never itself); acyclic */
  waitsFor: ReadonlyMap<string, readonly string[]>;
  /**
   * The same edges by position, for the hot loops (locking runs on every progress answer): the nodes
   * `order[i]` waits for are `order[waitsOn[k]]` for `waitsStart[i] <= k < waitsStart[i + 1]`.
   */
  waitsStart: Int32Array;
  waitsOn: Int32Array;
  /** indexes of prerequisite links left out because they close a cycle */
  ignoredLinks: readonly number[];
}

/**
 * Candidate waits-for edges by node position (waiter ← waited-for), parent edges first, each with
 * its link index or -1. Positions rather than ids: a 5,000-node tree with thousands of links is
 * graphed on every progress change, and Maps keyed by strings were most of that cost.
 */
function candidateEdges(doc: PathsDocument, indexOf: ReadonlyMap<string, number>, root: number) {
  const capacity = (doc.unlock === 'parent' ? doc.nodes.length : 0) + doc.links.length;
  const waiter = new Int32Array(capacity);
  const waited = new Int32Array(capacity);
  const link = new Int32Array(capacity);
  let count = 0;
  if (doc.unlock === 'parent') {
    doc.nodes.forEach((node, index) => {
      if (node.parent_id === null) return;
      const parent = indexOf.get(node.parent_id);
      // A node id given twice keeps its last position (as `indexOf` does); earlier copies wait for nothing.
      if (parent === undefined || parent === root || indexOf.get(node.id) !== index) return;
      waiter[count] = index;
      waited[count] = parent;
      link[count++] = -1;
    });
  }
  doc.links.forEach((candidate, index) => {
    if (candidate.kind !== 'prerequisite') return;
    const source = indexOf.get(candidate.source);
    const target = indexOf.get(candidate.target);
    if (source === undefined || target === undefined || source === root || source === target) return;
    waiter[count] = target;
    waited[count] = source;
    link[count++] = index;
  });
  return { waiter, waited, link, count };
}

/**
 * Packs per-waiter lists (in edge order, duplicates dropped) into `waitsStart`/`waitsOn`. `keep`
 * marks the edges to take; each waiter's slice is short, so duplicates are found by a linear scan.
 */
function pack(
  size: number,
  edges: ReturnType<typeof candidateEdges>,
  keep: (edge: number) => boolean,
): { waitsStart: Int32Array; waitsOn: Int32Array } {
  const waitsStart = new Int32Array(size + 1);
  for (let e = 0; e < edges.count; e++) if (keep(e)) waitsStart[edges.waiter[e]! + 1]! += 1;
  for (let i = 0; i < size; i++) waitsStart[i + 1]! += waitsStart[i]!;
  const fill = waitsStart.slice(0, size);
  const slots = new Int32Array(waitsStart[size]!);
  for (let e = 0; e < edges.count; e++) {
    if (!keep(e)) continue;
    const w = edges.waiter[e]!;
    const on = edges.waited[e]!;
    let duplicate = false;
    for (let k = waitsStart[w]!; k < fill[w]!; k++) {
      if (slots[k] === on) {
        duplicate = true;
        break;
      }
    }
    if (!duplicate) slots[fill[w]!++] = on;
  }
  // Close the gaps the duplicates left.
  const waitsOn = new Int32Array(slots.length);
  let at = 0;
  for (let i = 0; i < size; i++) {
    const from = waitsStart[i]!;
    waitsStart[i] = at;
    for (let k = from; k < fill[i]!; k++) waitsOn[at++] = slots[k]!;
  }
  waitsStart[size] = at;
  return { waitsStart, waitsOn: waitsOn.subarray(0, at) };
}

/** True when the packed edges form no cycle (Kahn's algorithm over every node). */
function isAcyclic(size: number, waitsStart: Int32Array, waitsOn: Int32Array): boolean {
  const indegree = new Int32Array(size);
  for (let k = 0; k < waitsOn.length; k++) indegree[waitsOn[k]!]! += 1;
  const ready = new Int32Array(size);
  let top = 0;
  for (let i = 0; i < size; i++) if (indegree[i] === 0) ready[top++] = i;
  let seen = 0;
  while (top > 0) {
    const i = ready[--top]!;
    seen += 1;
    for (let k = waitsStart[i]!; k < waitsStart[i + 1]!; k++) {
      const on = waitsOn[k]!;
      if (--indegree[on]! === 0) ready[top++] = on;
    }
  }
  return seen === size;
}

/** The string-keyed view of the packed edges (only nodes that wait for something). */
function waitsForMap(order: readonly string[], waitsStart: Int32Array, waitsOn: Int32Array) {
  const waitsFor = new Map<string, string[]>();
  for (let i = 0; i < order.length; i++) {
    const from = waitsStart[i]!;
    const to = waitsStart[i + 1]!;
    if (from === to) continue;
    const list: string[] = [];
    for (let k = from; k < to; k++) list.push(order[waitsOn[k]!]!);
    waitsFor.set(order[i]!, list);
  }
  return waitsFor;
}

/**
 * Builds the waits-for graph. Nothing waits for the root. A prerequisite link that would close a
 * cycle (taken in document order, after the parent edges) is left out and listed in `ignoredLinks`.
 */
export function buildWaitsForGraph(doc: PathsDocument): WaitsForGraph {
  const order = doc.nodes.map((node) => node.id);
  const indexOf = new Map<string, number>();
  for (let i = 0; i < order.length; i++) indexOf.set(order[i]!, i);
  const rootId = doc.nodes.find((node) => node.parent_id === null)?.id;
  const root = rootId === undefined ? -1 : indexOf.get(rootId)!;
  const edges = candidateEdges(doc, indexOf, root);
  const packed = pack(order.length, edges, () => true);
  if (isAcyclic(order.length, packed.waitsStart, packed.waitsOn)) {
    return {
      order,
      indexOf,
      waitsFor: waitsForMap(order, packed.waitsStart, packed.waitsOn),
      ...packed,
      ignoredLinks: [],
    };
  }

  // Slow path, only for stored documents that carry a cycle: add edges one by one, leaving out each
  // that would let its waited-for node reach its waiter.
  const kept: number[][] = order.map(() => []);
  const keep = new Uint8Array(edges.count);
  const ignoredLinks: number[] = [];
  const visited = new Int32Array(order.length).fill(-1);
  const reaches = (from: number, to: number, stamp: number) => {
    const stack = [from];
    visited[from] = stamp;
    while (stack.length) {
      const i = stack.pop()!;
      if (i === to) return true;
      for (const next of kept[i]!) {
        if (visited[next] !== stamp) {
          visited[next] = stamp;
          stack.push(next);
        }
      }
    }
    return false;
  };
  for (let e = 0; e < edges.count; e++) {
    const waiter = edges.waiter[e]!;
    const waited = edges.waited[e]!;
    if (kept[waiter]!.includes(waited)) continue;
    if (reaches(waited, waiter, e)) {
      if (edges.link[e]! >= 0) ignoredLinks.push(edges.link[e]!);
      continue;
    }
    kept[waiter]!.push(waited);
    keep[e] = 1;
  }
  const acyclic = pack(order.length, edges, (e) => keep[e] === 1);
  return {
    order,
    indexOf,
    waitsFor: waitsForMap(order, acyclic.waitsStart, acyclic.waitsOn),
    ...acyclic,
    ignoredLinks,
  };
}

/**
 * The first prerequisite link (by index) that closes a cycle with the links before it and, in
 * `parent` mode, the parent edges; null when there is none. Saves refuse such a document.
 */
export function findPrerequisiteCycle(doc: PathsDocument): number | null {
  return buildWaitsForGraph(doc).ignoredLinks[0] ?? null;
}

const isCleared = (status: LearningStatus | undefined) => status === 'done' || status === 'skipped';

/** Nodes waiting for at least one node that is neither done nor skipped, in document order. */
export function lockedNodes(graph: WaitsForGraph, statusOf: (id: string) => LearningStatus | undefined): string[] {
  const { order, waitsStart, waitsOn } = graph;
  // Each waited-for node's status is asked once: 0 not yet asked, 1 cleared, 2 open.
  const cleared = new Uint8Array(order.length);
  const locked: string[] = [];
  for (let i = 0; i < order.length; i++) {
    for (let k = waitsStart[i]!; k < waitsStart[i + 1]!; k++) {
      const on = waitsOn[k]!;
      if (cleared[on] === 0) cleared[on] = isCleared(statusOf(order[on]!)) ? 1 : 2;
      if (cleared[on] === 2) {
        locked.push(order[i]!);
        break;
      }
    }
  }
  return locked;
}

/** Every node `target` waits for, directly or through others (not `target` itself). */
export function transitivePrerequisites(graph: WaitsForGraph, target: string): Set<string> {
  const found = new Set<string>();
  const stack = [...(graph.waitsFor.get(target) ?? [])];
  while (stack.length) {
    const id = stack.pop()!;
    if (found.has(id) || id === target) continue;
    found.add(id);
    stack.push(...(graph.waitsFor.get(id) ?? []));
  }
  return found;
}

/** Orders `ids` so that each comes after every member of `ids` it waits for; ties in document order. */
export function pathOrder(graph: WaitsForGraph, ids: Iterable<string>): string[] {
  const members = new Set(ids);
  const waiting = new Map<string, number>();
  const waiters = new Map<string, string[]>();
  for (const id of members) {
    const inside = (graph.waitsFor.get(id) ?? []).filter((waited) => members.has(waited));
    waiting.set(id, inside.length);
    for (const waited of inside) waiters.set(waited, [...(waiters.get(waited) ?? []), id]);
  }
  const position = (id: string) => graph.indexOf.get(id) ?? Number.MAX_SAFE_INTEGER;
  // A small binary heap keyed by document position keeps ties in document order.
  const heap: string[] = [];
  const push = (id: string) => {
    heap.push(id);
    let i = heap.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (position(heap[parent]!) <= position(heap[i]!)) break;
      [heap[parent], heap[i]] = [heap[i]!, heap[parent]!];
      i = parent;
    }
  };
  const pop = () => {
    const top = heap[0]!;
    const last = heap.pop()!;
    if (heap.length) {
      heap[0] = last;
      let i = 0;
      for (;;) {
        const left = 2 * i + 1;
        const right = left + 1;
        let smallest = i;
        if (left < heap.length && position(heap[left]!) < position(heap[smallest]!)) smallest = left;
        if (right < heap.length && position(heap[right]!) < position(heap[smallest]!)) smallest = right;
        if (smallest === i) break;
        [heap[smallest], heap[i]] = [heap[i]!, heap[smallest]!];
        i = smallest;
      }
    }
    return top;
  };
  for (const [id, count] of waiting) if (count === 0) push(id);
  const ordered: string[] = [];
  while (heap.length) {
    const id = pop();
    ordered.push(id);
    for (const waiter of waiters.get(id) ?? []) {
      const left = waiting.get(waiter)! - 1;
      waiting.set(waiter, left);
      if (left === 0) push(waiter);
    }
  }
  return ordered;
}

/**
 * The path to `target`: every node it transitively waits for that is not done or skipped, then the
 * target, each after all it waits for. Empty when the target itself is done or skipped.
 */
export function pathTo(
  graph: WaitsForGraph,
  target: string,
  statusOf: (id: string) => LearningStatus | undefined,
): string[] {
  if (isCleared(statusOf(target))) return [];
  // Order the whole set first, so that a node stays after what it waits for through a done one.
  const ordered = pathOrder(graph, [...transitivePrerequisites(graph, target), target]);
  return ordered.filter((id) => id === target || !isCleared(statusOf(id)));
}
