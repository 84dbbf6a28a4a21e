import { createTreeDocument, type TreeDocument } from '@arbor/tree-core';
import { describe, expect, it } from 'vitest';
import { checkTreeDocument, removedNodeIds } from './tree-document.ts';

const limits = { maxNodes: 100, maxBytes: 100_000 };

function documentOf(ids: string[], content = ''): TreeDocument {
  const nodes = ids.map((id, i) => ({ id, parent_id: i === 0 ? null : ids[0]!, title: `Node ${id}`, content }));
  return checkTreeDocument({ nodes }, limits).document;
}

describe('removedNodeIds', () => {
  it('names the stored nodes a new document no longer has, in stored order', () => {
    const stored = checkTreeDocument(documentOf(['root', 'a', 'b', 'c']), limits).json;
    expect(removedNodeIds(stored, documentOf(['root', 'b']))).toEqual(['a', 'c']);
    expect(removedNodeIds(stored, documentOf(['root', 'a', 'b', 'c', 'd']))).toEqual([]);
  });

  it('never takes text inside a value for a node id', () => {
    const tricky = 'say "id":"a" and {"id": "b"} and \\"id\\":\\"c\\"';
    const stored = JSON.stringify(documentOf(['root', 'x'], tricky));
    expect(removedNodeIds(stored, createTreeDocument('Only a root'))).toEqual(['x']);
  });

  it('reads a stored document laid out with white space too', () => {
    const stored = JSON.stringify(documentOf(['root', 'a', 'b']), null, 2);
    expect(removedNodeIds(stored, documentOf(['root', 'b']))).toEqual(['a']);
  });
});
