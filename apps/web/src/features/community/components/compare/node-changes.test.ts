import { addChild, createTreeDocument, deleteSubtree, updateNode, type TreeDocument } from '@arbor/tree-core';
import { describe, expect, it } from 'vitest';
import { buildDiffView } from '../../../trees/index.ts';
import { nodeChanges } from './node-changes.ts';

function compare(from: TreeDocument, to: TreeDocument, id: string) {
  const view = buildDiffView(from, to);
  return nodeChanges(id, view.diff, from, to, view.marks);
}

describe("a compared node's fields before and after", () => {
  const base = createTreeDocument('Bread');
  const root = base.nodes[0]!.id;
  const { document: withStarter, nodeId: starter } = addChild(base, root, {
    title: 'Starter',
    summary: 'Flour and water',
  });

  it('lists the changed fields with both values, leaving out collapse and position', () => {
    const to = updateNode(withStarter, starter, { title: 'Levain', collapsed: true });
    expect(compare(withStarter, to, starter)).toEqual({
      id: starter,
      title: 'Levain',
      mark: 'changed',
      rows: [{ field: 'title', before: 'Starter', after: 'Levain' }],
    });
  });

  it('shows an added node with its filled fields after only, a removed one before only', () => {
    expect(compare(base, withStarter, starter)?.rows).toEqual([
      { field: 'title', before: '', after: 'Starter' },
      { field: 'summary', before: '', after: 'Flour and water' },
    ]);
    const removed = compare(withStarter, deleteSubtree(withStarter, starter), starter);
    expect(removed?.mark).toBe('removed');
    expect(removed?.rows[0]).toEqual({ field: 'title', before: 'Starter', after: '' });
  });

  it('says a node did not change, and knows no node missing from both', () => {
    expect(compare(withStarter, withStarter, starter)).toEqual({ id: starter, title: 'Starter', mark: null, rows: [] });
    expect(compare(withStarter, withStarter, 'nope')).toBeNull();
  });
});
