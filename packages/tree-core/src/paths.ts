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
  /** indexes of prerequisite links left out because they close a cycle */
  ignoredLinks: readonly number[];
}

/** The root's id, or null for a document without one. */
function rootOf(doc: PathsDocument): string | null {
  return doc.nodes.find((node) => node.parent_id === null)?.id ?? null;
}

/** Candidate waits-for edges (waiter ← waited-for), parent edges first, each with the link index or -1. */
function candidateEdges(doc: PathsDocument, ids: ReadonlySet<string>, root: string | null) {
  const edges: { waiter: string; waitsFor: string; link: number }[] = [];
  if (doc.unlock === 'parent') {
    for (const node of doc.nodes) {
      if (node.parent_id !== null && node.parent_id !== root) {
        edges.push({ waiter: node.id, waitsFor: node.parent_id, link: -1 });
      }
    }
  }
  doc.links.forEach((link, index) => {
    if (link.kind !== 'prerequisite') return;
    if (!ids.has(link.source) || !ids.has(link.target)) return;
    if (link.source === root || link.source === link.target) return;
    edges.push({ waiter: link.target, waitsFor: link.source, link: index });
  });
  return edges;
}

/** True when the edges form no cycle (Kahn's algorithm over every node). */
function isAcyclic(order: readonly string[], adjacency: ReadonlyMap<string, readonly string[]>): boolean {
  const indegree = new Map<string, number>(order.map((id) => [id, 0]));
  for (const id of order) for (const waited of adjacency.get(id) ?? []) indegree.set(waited, indegree.get(waited)! + 1);
  const ready = order.filter((id) => indegree.get(id) === 0);
  let seen = 0;
  while (ready.length) {
    const id = ready.pop()!;
    seen += 1;
    for (const waited of adjacency.get(id) ?? []) {
      const left = indegree.get(waited)! - 1;
      indegree.set(waited, left);
      if (left === 0) ready.push(waited);
    }
  }
  return seen === order.length;
}

/** True when `to` can be reached from `from` along waits-for edges. */
function reaches(adjacency: ReadonlyMap<string, readonly string[]>, from: string, to: string): boolean {
  const stack = [from];
  const seen = new Set(stack);
  while (stack.length) {
    const id = stack.pop()!;
    if (id === to) return true;
    for (const next of adjacency.get(id) ?? []) {
      if (!seen.has(next)) {
        seen.add(next);
        stack.push(next);
      }
    }
  }
  return false;
}

/**
 * Builds the waits-for graph. Nothing waits for the root. A prerequisite link that would close a
 * cycle (taken in document order, after the parent edges) is left out and listed in `ignoredLinks`.
 */
export function buildWaitsForGraph(doc: PathsDocument): WaitsForGraph {
  const order = doc.nodes.map((node) => node.id);
  const indexOf = new Map(order.map((id, index) => [id, index]));
  const root = rootOf(doc);
  const edges = candidateEdges(doc, new Set(order), root);
  const all = new Map<string, string[]>();
  for (const edge of edges) {
    const list = all.get(edge.waiter) ?? [];
    if (!list.includes(edge.waitsFor)) list.push(edge.waitsFor);
    all.set(edge.waiter, list);
  }
  if (isAcyclic(order, all)) return { order, indexOf, waitsFor: all, ignoredLinks: [] };

  // Slow path, only for stored documents that carry a cycle: add edges one by one.
  const kept = new Map<string, string[]>();
  const ignoredLinks: number[] = [];
  for (const edge of edges) {
    const list = kept.get(edge.waiter) ?? [];
    if (list.includes(edge.waitsFor)) continue;
    if (reaches(kept, edge.waitsFor, edge.waiter)) {
      if (edge.link >= 0) ignoredLinks.push(edge.link);
      continue;
    }
    list.push(edge.waitsFor);
    kept.set(edge.waiter, list);
  }
  return { order, indexOf, waitsFor: kept, ignoredLinks };
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
  const locked: string[] = [];
  for (const id of graph.order) {
    const waits = graph.waitsFor.get(id);
    if (waits && waits.some((waited) => !isCleared(statusOf(waited)))) locked.push(id);
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
