// The documents of the merge benchmarks (#17): a template of `nodes` skills and a side's 500 edits of it,
// the same every run.
import { addChild, createNode, moveNode, updateNode, type TreeDocument } from '@arbor/tree-core';
import { mulberry32 } from './random.ts';

export const CHANGES_PER_SIDE = 500;

/** A template of `nodes` skills, eight children per node, each with a summary, content and an estimate. */
export function templateDocument(nodes: number): TreeDocument {
  const list = [createNode({ id: 'n0', parent_id: null, title: 'Root' })];
  for (let i = 1; i < nodes; i++) {
    list.push(
      createNode({
        id: `n${i}`,
        parent_id: `n${Math.floor((i - 1) / 8)}`,
        title: `Skill ${i}`,
        summary: `What skill ${i} is about`,
        content: `## Skill ${i}\n\nWhy it matters, how to practise it and where to read more. `.repeat(3),
        estimate_minutes: 30 + (i % 90),
      }),
    );
  }
  return { format: 1, layout: { direction: 'TB' }, nodes: list, links: [], unlock: 'links' };
}

/**
 * 500 edits by one side of `base` (a template of `templateDocument`): mostly field edits, some
 * additions and moves among the leaves' parents; the first ones set the same summary on `shared`
 * nodes that the other side edits too (no conflict).
 */
export function editedDocument(base: TreeDocument, seed: number, shared: readonly string[]): TreeDocument {
  const next = mulberry32(seed);
  const size = base.nodes.length;
  const pick = () => base.nodes[1 + Math.floor(next() * (size - 1))]!.id;
  let doc = base;
  for (let i = 0; i < CHANGES_PER_SIDE; i++) {
    const roll = next();
    if (i < shared.length) doc = updateNode(doc, shared[i]!, { summary: 'Edited on both sides' });
    else if (roll < 0.7) doc = updateNode(doc, pick(), { title: `Edited ${seed}-${i}`, content: `New text ${i}` });
    else if (roll < 0.9) doc = addChild(doc, pick(), { title: `Added ${seed}-${i}` }).document;
    else {
      const node = `n${size - 1 - Math.floor(next() * 3000)}`;
      const parent = `n${1 + Math.floor(next() * 200)}`;
      try {
        doc = moveNode(doc, node, parent);
      } catch {
        doc = updateNode(doc, pick(), { estimate_minutes: 15 });
      }
    }
  }
  return doc;
}
