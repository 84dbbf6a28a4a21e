import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createTreeDocument, type TreeDocument } from './document.ts';
import { applyDiff, applyDiffs, diffDocuments, isEmptyDiff } from './diff.ts';
import { mergeDocuments } from './merge.ts';
import { exportJsonCanvas, importJsonCanvas } from './json-canvas.ts';
import { exportOpml, importOpml } from './opml.ts';
import {
  addChild,
  addLink,
  addSibling,
  copySubtree,
  deleteSubtree,
  moveNode,
  pasteSubtree,
  removeLink,
  reorderSibling,
  setLayoutDirection,
  TreeOperationError,
  updateNode,
} from './operations.ts';
import { validateTreeDocument } from './validate.ts';

/**
 * An editing step chosen by random numbers; node ids are picked by index so every step can apply
 * to whatever document the earlier steps produced.
 */
const step = fc.oneof(
  fc.record({
    op: fc.constant('addChild'),
    a: fc.nat(),
    index: fc.option(fc.nat({ max: 6 }), { nil: undefined }),
    title: fc.string({ minLength: 1, maxLength: 20 }),
  }),
  fc.record({
    op: fc.constant('addSibling'),
    a: fc.nat(),
    before: fc.boolean(),
    title: fc.string({ minLength: 1, maxLength: 20 }),
  }),
  fc.record({
    op: fc.constant('move'),
    a: fc.nat(),
    b: fc.nat(),
    index: fc.option(fc.nat({ max: 6 }), { nil: undefined }),
  }),
  fc.record({ op: fc.constant('reorder'), a: fc.nat(), index: fc.nat({ max: 6 }) }),
  fc.record({ op: fc.constant('delete'), a: fc.nat() }),
  fc.record({
    op: fc.constant('update'),
    a: fc.nat(),
    title: fc.string({ minLength: 1, maxLength: 20 }),
    summary: fc.string({ maxLength: 30 }),
    collapsed: fc.boolean(),
  }),
  fc.record({ op: fc.constant('link'), a: fc.nat(), b: fc.nat(), prerequisite: fc.boolean() }),
  fc.record({ op: fc.constant('unlink'), a: fc.nat() }),
  fc.record({ op: fc.constant('copyPaste'), a: fc.nat(), b: fc.nat() }),
  fc.record({
    op: fc.constant('layout'),
    direction: fc.constantFrom('TB', 'LR', 'RADIAL') as fc.Arbitrary<'TB' | 'LR' | 'RADIAL'>,
  }),
);
type Step = typeof step extends fc.Arbitrary<infer T> ? T : never;

function apply(doc: TreeDocument, s: Step): TreeDocument {
  const pick = (n: number) => doc.nodes[n % doc.nodes.length]!.id;
  switch (s.op) {
    case 'addChild':
      return addChild(doc, pick(s.a), { title: s.title }, s.index).document;
    case 'addSibling':
      return addSibling(doc, pick(s.a), { title: s.title }, s.before ? 'before' : 'after').document;
    case 'move':
      return moveNode(doc, pick(s.a), pick(s.b), s.index);
    case 'reorder':
      return reorderSibling(doc, pick(s.a), s.index);
    case 'delete':
      return deleteSubtree(doc, pick(s.a));
    case 'update':
      return updateNode(doc, pick(s.a), { title: s.title, summary: s.summary, collapsed: s.collapsed });
    case 'link':
      return addLink(doc, { source: pick(s.a), target: pick(s.b), kind: s.prerequisite ? 'prerequisite' : 'related' });
    case 'unlink': {
      const link = doc.links[s.a % Math.max(1, doc.links.length)];
      return link ? removeLink(doc, link.source, link.target) : doc;
    }
    case 'copyPaste':
      return pasteSubtree(doc, copySubtree(doc, pick(s.a)), pick(s.b)).document;
    case 'layout':
      return setLayoutDirection(doc, s.direction);
  }
}

/** Runs the steps, skipping the ones the operations refuse (as the editor would). */
function run(start: TreeDocument, steps: Step[], onEach?: (doc: TreeDocument) => void): TreeDocument {
  let doc = start;
  for (const s of steps) {
    try {
      doc = apply(doc, s);
    } catch (error) {
      if (!(error instanceof TreeOperationError)) throw error;
    }
    onEach?.(doc);
  }
  return doc;
}

const steps = fc.array(step, { maxLength: 40 });
const roomy = { maxNodes: 100_000, maxBytes: 100_000_000 };

describe('tree-core properties', () => {
  it('never produces an invalid document from any sequence of operations', () => {
    fc.assert(
      fc.property(steps, (sequence) => {
        run(createTreeDocument('Root'), sequence, (doc) => {
          const result = validateTreeDocument(doc, roomy);
          if (!result.ok) throw new Error(result.issues[0]!.message);
          // defaults are filled, so a valid document is its own parse
          expect(result.document).toEqual(doc);
        });
      }),
      { numRuns: 200 },
    );
  });

  it('reproduces the target exactly from diff + apply', () => {
    fc.assert(
      fc.property(steps, steps, (first, second) => {
        const a = run(createTreeDocument('Root'), first);
        const b = run(a, second);
        const diff = diffDocuments(a, b);
        expect(applyDiff(a, diff)).toEqual(b);
        expect(isEmptyDiff(diffDocuments(b, b))).toBe(true);
        // diffs survive JSON storage
        expect(applyDiff(a, JSON.parse(JSON.stringify(diff)))).toEqual(b);
      }),
      { numRuns: 300 },
    );
  });

  it('applies a chain of diffs to reach the last document', () => {
    fc.assert(
      fc.property(fc.array(steps, { minLength: 1, maxLength: 6 }), (rounds) => {
        const docs = [createTreeDocument('Root')];
        for (const round of rounds) docs.push(run(docs[docs.length - 1]!, round));
        const diffs = docs.slice(1).map((doc, i) => diffDocuments(docs[i]!, doc));
        expect(applyDiffs(docs[0]!, diffs)).toEqual(docs[docs.length - 1]);
      }),
      { numRuns: 150 },
    );
  });

  /** The tree a document describes, whatever its array order: depth first by sibling order, links as a set. */
  function canonical(doc: TreeDocument) {
    const children = new Map<string | null, TreeDocument['nodes']>();
    for (const node of doc.nodes) children.set(node.parent_id, [...(children.get(node.parent_id) ?? []), node]);
    const nodes: TreeDocument['nodes'] = [];
    const visit = (parent: string | null) => {
      for (const node of children.get(parent) ?? []) {
        nodes.push(node);
        visit(node.id);
      }
    };
    visit(null);
    const links = doc.links.map((l) => `${l.source}>${l.target}:${l.kind}`).sort();
    return { layout: doc.layout, unlock: doc.unlock ?? 'links', nodes, links };
  }

  it('merges into an unchanged side by giving the other side back, and agrees with itself', () => {
    fc.assert(
      fc.property(steps, steps, (first, second) => {
        const base = run(createTreeDocument('Root'), first);
        const changed = run(base, second);
        // Links may close a prerequisite circle while editing (saves refuse it): merge valid documents only.
        fc.pre(validateTreeDocument(base, roomy).ok && validateTreeDocument(changed, roomy).ok);
        const intoBase = mergeDocuments(base, base, changed);
        expect(intoBase.conflicts).toEqual([]);
        expect(canonical(intoBase.document)).toEqual(canonical(changed));
        const keepMine = mergeDocuments(base, changed, base);
        expect(keepMine.conflicts).toEqual([]);
        expect(canonical(keepMine.document)).toEqual(canonical(changed));
        const both = mergeDocuments(base, changed, changed);
        expect(both.conflicts).toEqual([]);
        expect(canonical(both.document)).toEqual(canonical(changed));
      }),
      { numRuns: 200 },
    );
  });

  it('always gives a valid document or names a conflict, and the same answer every time', () => {
    fc.assert(
      fc.property(steps, steps, steps, fc.boolean(), (first, mineSteps, theirSteps, pickTheirs) => {
        const base = run(createTreeDocument('Root'), first);
        const mine = run(base, mineSteps);
        const theirs = run(base, theirSteps);
        fc.pre([base, mine, theirs].every((d) => validateTreeDocument(d, roomy).ok));
        const merged = mergeDocuments(base, mine, theirs);
        expect(mergeDocuments(base, mine, theirs)).toEqual(merged);
        if (merged.conflicts.length === 0) expect(validateTreeDocument(merged.document, roomy).ok).toBe(true);
        // Resolving every conflict to one side leaves a valid document or a conflict that cannot be resolved.
        const side = pickTheirs ? ('theirs' as const) : ('mine' as const);
        const resolve = Object.fromEntries(merged.conflicts.map((c) => [c.node_id, side]));
        const settled = mergeDocuments(base, mine, theirs, resolve);
        if (settled.conflicts.length === 0) {
          const result = validateTreeDocument(settled.document, roomy);
          if (!result.ok) throw new Error(result.issues[0]!.message);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('brings any tree back whole through OPML and JSON Canvas (view state aside)', () => {
    fc.assert(
      fc.property(steps, (sequence) => {
        const doc = run(createTreeDocument('Root'), sequence);
        const viewless = (d: TreeDocument) => ({
          ...d,
          nodes: d.nodes.map((n) => ({ ...n, collapsed: false, position: null })),
        });
        const viaOpml = importOpml(exportOpml(doc), { limits: roomy });
        const viaCanvas = importJsonCanvas(JSON.stringify(exportJsonCanvas(doc)), { limits: roomy });
        for (const back of [viaOpml, viaCanvas]) {
          if (!back.ok) throw new Error(back.issues[0]!.message);
          expect(canonical(back.document)).toEqual(canonical(viewless(doc)));
        }
      }),
      { numRuns: 200 },
    );
  });
});
