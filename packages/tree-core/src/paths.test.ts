import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  buildWaitsForGraph,
  findPrerequisiteCycle,
  lockedNodes,
  pathOrder,
  pathTo,
  transitivePrerequisites,
  type LearningStatus,
  type PathsDocument,
} from './paths.ts';

const node = (id: string, parent_id: string | null) => ({ id, parent_id });
const prerequisite = (source: string, target: string) => ({ source, target, kind: 'prerequisite' });

/** root → a, b; a → a1; b → b1 */
const sample: PathsDocument = {
  nodes: [node('root', null), node('a', 'root'), node('a1', 'a'), node('b', 'root'), node('b1', 'b')],
  links: [prerequisite('a1', 'b'), { source: 'a', target: 'b1', kind: 'related' }],
};

const statuses =
  (map: Record<string, LearningStatus>) =>
  (id: string): LearningStatus | undefined =>
    map[id];

describe('the waits-for graph', () => {
  it('waits for the sources of incoming prerequisite links only, in links mode', () => {
    const graph = buildWaitsForGraph(sample);
    expect(Object.fromEntries(graph.waitsFor)).toEqual({ b: ['a1'] });
  });

  it('also waits for the parent in parent mode, but never for the root', () => {
    const graph = buildWaitsForGraph({ ...sample, unlock: 'parent' });
    expect(Object.fromEntries(graph.waitsFor)).toEqual({ a1: ['a'], b1: ['b'], b: ['a1'] });
  });

  it('ignores links from the root and links to a node missing from the document', () => {
    const graph = buildWaitsForGraph({
      ...sample,
      links: [prerequisite('root', 'a'), prerequisite('ghost', 'a'), prerequisite('a', 'a')],
    });
    expect(graph.waitsFor.size).toBe(0);
  });

  it('leaves out the link that closes a cycle and names it', () => {
    const doc = { ...sample, links: [prerequisite('a', 'b'), prerequisite('b', 'a1'), prerequisite('a1', 'a')] };
    expect(findPrerequisiteCycle(doc)).toBe(2);
    expect(buildWaitsForGraph(doc).ignoredLinks).toEqual([2]);
    expect(findPrerequisiteCycle(sample)).toBeNull();
  });

  it('counts parent edges in parent mode when looking for a cycle', () => {
    // a1's parent is a, so in parent mode a1 waits for a; a waiting for a1 closes a cycle.
    const doc: PathsDocument = { ...sample, links: [prerequisite('a1', 'a')] };
    expect(findPrerequisiteCycle(doc)).toBeNull();
    expect(findPrerequisiteCycle({ ...doc, unlock: 'parent' })).toBe(0);
  });
});

describe('locking and paths', () => {
  it('locks a node until what it waits for is done or skipped', () => {
    const graph = buildWaitsForGraph(sample);
    expect(lockedNodes(graph, statuses({}))).toEqual(['b']);
    expect(lockedNodes(graph, statuses({ a1: 'learning' }))).toEqual(['b']);
    expect(lockedNodes(graph, statuses({ a1: 'done' }))).toEqual([]);
    expect(lockedNodes(graph, statuses({ a1: 'skipped' }))).toEqual([]);
  });

  it('walks the path to a goal, leaving out what is done, in document order between equals', () => {
    const graph = buildWaitsForGraph({ ...sample, unlock: 'parent' });
    expect(pathTo(graph, 'b1', statuses({}))).toEqual(['a', 'a1', 'b', 'b1']);
    expect(pathTo(graph, 'b1', statuses({ a: 'done' }))).toEqual(['a1', 'b', 'b1']);
    expect(pathTo(graph, 'b1', statuses({ b1: 'done' }))).toEqual([]);
    expect([...transitivePrerequisites(graph, 'b1')].sort()).toEqual(['a', 'a1', 'b']);
  });
});

/** A random tree of up to 40 nodes with random links (cycles included), a mode and statuses. */
const randomCase = fc
  .record({
    parents: fc.array(fc.nat(), { minLength: 0, maxLength: 40 }),
    links: fc.array(fc.record({ s: fc.nat(), t: fc.nat(), prerequisite: fc.boolean() }), { maxLength: 60 }),
    parentMode: fc.boolean(),
    statuses: fc.array(fc.constantFrom<LearningStatus>('todo', 'learning', 'done', 'skipped'), { maxLength: 41 }),
    target: fc.nat(),
  })
  .map(({ parents, links, parentMode, statuses, target }) => {
    const nodes = [node('n0', null), ...parents.map((p, i) => node(`n${i + 1}`, `n${p % (i + 1)}`))];
    const id = (k: number) => nodes[k % nodes.length]!.id;
    const doc: PathsDocument = {
      nodes,
      links: links.map((l) => ({
        source: id(l.s),
        target: id(l.t),
        kind: l.prerequisite ? 'prerequisite' : 'related',
      })),
      unlock: parentMode ? 'parent' : 'links',
    };
    const statusOf = (nodeId: string) => statuses[Number(nodeId.slice(1))];
    return { doc, statusOf, target: id(target) };
  });

/**
 * The graph as first written, over string ids and Maps: the position-based `buildWaitsForGraph`
 * must agree with it edge for edge (same lists, same order, same ignored links).
 */
function referenceWaitsFor(doc: PathsDocument): { waitsFor: Record<string, string[]>; ignoredLinks: number[] } {
  const ids = new Set(doc.nodes.map((n) => n.id));
  const root = doc.nodes.find((n) => n.parent_id === null)?.id ?? null;
  const edges: { waiter: string; waitsFor: string; link: number }[] = [];
  if (doc.unlock === 'parent') {
    for (const n of doc.nodes) {
      if (n.parent_id !== null && n.parent_id !== root) edges.push({ waiter: n.id, waitsFor: n.parent_id, link: -1 });
    }
  }
  doc.links.forEach((link, index) => {
    if (link.kind !== 'prerequisite' || !ids.has(link.source) || !ids.has(link.target)) return;
    if (link.source === root || link.source === link.target) return;
    edges.push({ waiter: link.target, waitsFor: link.source, link: index });
  });
  const kept = new Map<string, string[]>();
  const reaches = (from: string, to: string) => {
    const stack = [from];
    const seen = new Set(stack);
    while (stack.length) {
      const id = stack.pop()!;
      if (id === to) return true;
      for (const next of kept.get(id) ?? []) if (!seen.has(next) && seen.add(next)) stack.push(next);
    }
    return false;
  };
  const ignoredLinks: number[] = [];
  for (const edge of edges) {
    const list = kept.get(edge.waiter) ?? [];
    if (list.includes(edge.waitsFor)) continue;
    if (reaches(edge.waitsFor, edge.waiter)) {
      if (edge.link >= 0) ignoredLinks.push(edge.link);
      continue;
    }
    list.push(edge.waitsFor);
    kept.set(edge.waiter, list);
  }
  return { waitsFor: Object.fromEntries(kept), ignoredLinks };
}

describe('properties over random trees and links', () => {
  it('agrees with the string-keyed reference graph, edge for edge', () => {
    fc.assert(
      fc.property(randomCase, ({ doc }) => {
        const graph = buildWaitsForGraph(doc);
        const reference = referenceWaitsFor(doc);
        expect(Object.fromEntries(graph.waitsFor)).toEqual(reference.waitsFor);
        expect(graph.ignoredLinks).toEqual(reference.ignoredLinks);
        graph.order.forEach((id, i) => {
          const byPosition = [...graph.waitsOn.subarray(graph.waitsStart[i], graph.waitsStart[i + 1])];
          expect(byPosition.map((k) => graph.order[k])).toEqual(reference.waitsFor[id] ?? []);
        });
      }),
      { numRuns: 300 },
    );
  });

  it('keeps the graph acyclic and never makes anything wait for the root', () => {
    fc.assert(
      fc.property(randomCase, ({ doc }) => {
        const graph = buildWaitsForGraph(doc);
        const everything = pathOrder(graph, graph.order);
        expect(everything).toHaveLength(graph.order.length);
        for (const waits of graph.waitsFor.values()) expect(waits).not.toContain('n0');
        // With the ignored links removed, the document has no cycle left to report.
        const kept = { ...doc, links: doc.links.filter((_, i) => !graph.ignoredLinks.includes(i)) };
        expect(findPrerequisiteCycle(kept)).toBeNull();
      }),
    );
  });

  it('never lists a node in a path before anything it waits for', () => {
    fc.assert(
      fc.property(randomCase, ({ doc, statusOf, target }) => {
        const graph = buildWaitsForGraph(doc);
        const path = pathTo(graph, target, statusOf);
        const at = new Map(path.map((id, i) => [id, i]));
        for (const id of path) {
          for (const before of transitivePrerequisites(graph, id)) {
            if (at.has(before)) expect(at.get(before)!).toBeLessThan(at.get(id)!);
          }
        }
        if (path.length) expect(path[path.length - 1]).toBe(target);
        for (const id of path.slice(0, -1)) expect(['done', 'skipped']).not.toContain(statusOf(id));
      }),
    );
  });

  it('never locks a node whose waits are all done or skipped, and locks every other waiting node', () => {
    fc.assert(
      fc.property(randomCase, ({ doc, statusOf }) => {
        const graph = buildWaitsForGraph(doc);
        const locked = new Set(lockedNodes(graph, statusOf));
        for (const id of graph.order) {
          const waits = graph.waitsFor.get(id) ?? [];
          const open = waits.some((w) => statusOf(w) !== 'done' && statusOf(w) !== 'skipped');
          expect(locked.has(id)).toBe(open);
        }
      }),
    );
  });
});
