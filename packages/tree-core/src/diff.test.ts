import { describe, expect, it } from 'vitest';
import { createTreeDocument, type TreeDocument } from './document.ts';
import { applyDiff, diffDocuments, isEmptyDiff, TreeDiffError } from './diff.ts';
import { addChild, addLink, deleteSubtree, moveNode, reorderSibling, updateNode } from './operations.ts';

function sample(): TreeDocument {
  let doc = createTreeDocument('Root');
  for (const [id, parent] of [
    ['a', 'root'],
    ['b', 'root'],
    ['c', 'root'],
    ['a1', 'a'],
  ] as const) {
    doc = addChild(doc, parent, { id, title: id }).document;
  }
  return doc;
}

describe('diffDocuments', () => {
  it('lists added, removed, moved and changed nodes and links', () => {
    const a = sample();
    let b = addChild(a, 'b', { id: 'b1', title: 'B1' }).document;
    b = deleteSubtree(b, 'c');
    b = moveNode(b, 'a1', 'b', 0);
    b = reorderSibling(b, 'b', 0);
    b = updateNode(b, 'a', { title: 'A!', summary: 'sum' });
    b = addLink(b, { source: 'a', target: 'b' });
    const diff = diffDocuments(a, b);
    expect(diff.added.map((n) => n.id)).toEqual(['b1']);
    expect(diff.removed.map((n) => n.id)).toEqual(['c']);
    expect(diff.moved).toEqual(
      expect.arrayContaining([
        { id: 'a1', from_parent: 'a', to_parent: 'b', from_index: 0, to_index: 0 },
        expect.objectContaining({ id: 'b', from_parent: 'root', to_parent: 'root', from_index: 1, to_index: 0 }),
      ]),
    );
    expect(diff.moved).toHaveLength(2);
    expect(diff.changed).toEqual([
      { id: 'a', fields: { title: { from: 'a', to: 'A!' }, summary: { from: '', to: 'sum' } } },
    ]);
    expect(diff.links.added).toEqual([{ source: 'a', target: 'b', kind: 'related' }]);
    expect(applyDiff(a, diff)).toEqual(b);
  });

  it('stays small for a small edit of a large tree', () => {
    let a = createTreeDocument('Root');
    for (let i = 0; i < 1000; i++)
      a = {
        ...a,
        nodes: [
          ...a.nodes,
          { ...a.nodes[0]!, id: `n${i}`, parent_id: i < 10 ? 'root' : `n${i % 10}`, title: `Node ${i}` },
        ],
      };
    const b = updateNode(a, 'n500', { content: 'new text' });
    expect(JSON.stringify(diffDocuments(a, b)).length).toBeLessThan(300);
  });

  it('refuses to apply a diff to a document it does not fit', () => {
    const a = sample();
    const diff = diffDocuments(a, deleteSubtree(a, 'c'));
    expect(() => applyDiff(createTreeDocument('Other'), diff)).toThrow(TreeDiffError);
  });
});

describe('unlock mode in diffs', () => {
  it('carries a change of the unlock mode, and reads diffs stored before it existed', () => {
    const a = createTreeDocument('Root');
    const b = { ...a, unlock: 'parent' as const };
    const diff = diffDocuments(a, b);
    expect(diff.unlock).toEqual({ from: 'links', to: 'parent' });
    expect(isEmptyDiff(diff)).toBe(false);
    expect(applyDiff(a, diff)).toEqual(b);
    const { unlock: _old, ...stored } = diff;
    expect(applyDiff(b, stored).unlock).toBe('parent');
  });
});
