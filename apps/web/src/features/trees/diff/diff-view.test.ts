import { addChild, createTreeDocument, deleteSubtree, updateNode } from '@arbor/tree-core';
import { describe, expect, it } from 'vitest';
import { buildDiffView } from './diff-view.ts';

describe('buildDiffView', () => {
  it('marks added, changed and removed nodes and keeps removed ones on the canvas', () => {
    let from = createTreeDocument('Root');
    from = addChild(from, 'root', { title: 'Keep', id: 'keep' }).document;
    from = addChild(from, 'root', { title: 'Gone', id: 'gone' }).document;
    from = addChild(from, 'gone', { title: 'Gone child', id: 'gone2' }).document;
    let to = deleteSubtree(from, 'gone');
    to = updateNode(to, 'keep', { content: 'new' });
    to = addChild(to, 'keep', { title: 'Fresh', id: 'fresh' }).document;
    const view = buildDiffView(from, to);
    expect(Object.fromEntries(view.marks)).toEqual({
      keep: 'changed',
      fresh: 'added',
      gone: 'removed',
      gone2: 'removed',
    });
    expect(view.doc.nodes.find((n) => n.id === 'gone2')?.parent_id).toBe('gone');
    expect(view.doc.nodes).toHaveLength(5);
  });
});
