import { describe, expect, it } from 'vitest';
import { createTreeDocument, type TreeDocument } from './document.ts';
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
  setUnlockMode,
  TreeOperationError,
  updateNode,
} from './operations.ts';
import { childIds } from './tree-index.ts';
import { validateTreeDocument } from './validate.ts';

function sample(): TreeDocument {
  let doc = createTreeDocument('Root');
  for (const [id, parent] of [
    ['a', 'root'],
    ['b', 'root'],
    ['c', 'root'],
    ['a1', 'a'],
    ['a2', 'a'],
  ] as const) {
    doc = addChild(doc, parent, { id, title: id.toUpperCase() }).document;
  }
  return doc;
}

const titles = (doc: TreeDocument, parent: string) => childIds(doc, parent);

describe('tree operations', () => {
  it('adds children at the end or at an index, and siblings before or after', () => {
    let doc = sample();
    expect(titles(doc, 'root')).toEqual(['a', 'b', 'c']);
    doc = addChild(doc, 'root', { id: 'z', title: 'Z' }, 0).document;
    expect(titles(doc, 'root')).toEqual(['z', 'a', 'b', 'c']);
    doc = addSibling(doc, 'b', { id: 'bb', title: 'BB' }).document;
    doc = addSibling(doc, 'b', { id: 'ba', title: 'BA' }, 'before').document;
    expect(titles(doc, 'root')).toEqual(['z', 'a', 'ba', 'b', 'bb', 'c']);
    const generated = addChild(doc, 'c', { title: 'New' });
    expect(generated.nodeId).toMatch(/^[a-z0-9]{10}$/);
    expect(validateTreeDocument(generated.document).ok).toBe(true);
  });

  it('never mutates its input', () => {
    const doc = sample();
    const snapshot = structuredClone(doc);
    addChild(doc, 'a', { title: 'x' });
    moveNode(doc, 'a1', 'b');
    deleteSubtree(doc, 'a');
    updateNode(doc, 'a', { title: 'changed' });
    expect(doc).toEqual(snapshot);
  });

  it('moves a subtree to a new parent and refuses moving into its own subtree', () => {
    const doc = moveNode(sample(), 'a', 'c', 0);
    expect(titles(doc, 'c')).toEqual(['a']);
    expect(titles(doc, 'a')).toEqual(['a1', 'a2']);
    expect(() => moveNode(doc, 'c', 'a1')).toThrow(TreeOperationError);
    expect(() => moveNode(doc, 'a', 'a')).toThrow(/own subtree/);
    expect(() => moveNode(doc, 'root', 'a')).toThrow(/root/);
  });

  it('reorders siblings', () => {
    expect(titles(reorderSibling(sample(), 'c', 0), 'root')).toEqual(['c', 'a', 'b']);
    expect(titles(reorderSibling(sample(), 'a', 5), 'root')).toEqual(['b', 'c', 'a']);
    expect(titles(reorderSibling(sample(), 'a2', 0), 'a')).toEqual(['a2', 'a1']);
  });

  it('deletes a subtree with its links and refuses the root', () => {
    let doc = addLink(sample(), { source: 'a1', target: 'b' });
    doc = addLink(doc, { source: 'c', target: 'b', kind: 'prerequisite' });
    doc = deleteSubtree(doc, 'a');
    expect(doc.nodes.map((n) => n.id)).toEqual(['root', 'b', 'c']);
    expect(doc.links).toEqual([{ source: 'c', target: 'b', kind: 'prerequisite' }]);
    expect(() => deleteSubtree(doc, 'root')).toThrow(TreeOperationError);
  });

  it('refuses a prerequisite that closes a circle, and takes the same pair as a related link', () => {
    let doc = addLink(sample(), { source: 'a', target: 'b', kind: 'prerequisite' });
    doc = addLink(doc, { source: 'b', target: 'c', kind: 'prerequisite' });
    expect(() => addLink(doc, { source: 'c', target: 'a', kind: 'prerequisite' })).toThrow(/circle of prerequisites/);
    const related = addLink(doc, { source: 'c', target: 'a', kind: 'related' });
    expect(validateTreeDocument(related).ok).toBe(true);
  });

  it('updates fields and refuses invalid values', () => {
    const doc = updateNode(sample(), 'b', { title: 'Bee', color: '#aabbcc', collapsed: true });
    expect(doc.nodes.find((n) => n.id === 'b')).toMatchObject({
      title: 'Bee',
      color: '#aabbcc',
      collapsed: true,
      parent_id: 'root',
    });
    expect(() => updateNode(doc, 'b', { title: '' })).toThrow(TreeOperationError);
    expect(() => updateNode(doc, 'b', { color: 'blue' })).toThrow(TreeOperationError);
  });

  it('links and unlinks nodes, refusing self and duplicate links', () => {
    const doc = addLink(sample(), { source: 'a', target: 'b' });
    expect(doc.links).toEqual([{ source: 'a', target: 'b', kind: 'related' }]);
    expect(() => addLink(doc, { source: 'a', target: 'b' })).toThrow(TreeOperationError);
    expect(() => addLink(doc, { source: 'a', target: 'a' })).toThrow(TreeOperationError);
    expect(() => addLink(doc, { source: 'a', target: 'nope' })).toThrow(TreeOperationError);
    expect(removeLink(doc, 'a', 'b').links).toEqual([]);
  });

  it('copies and pastes a subtree with fresh ids and its inner links', () => {
    const doc = addLink(sample(), { source: 'a1', target: 'a2' });
    const clip = copySubtree(doc, 'a');
    expect(clip.nodes.map((n) => n.id)).toEqual(['a', 'a1', 'a2']);
    const { document, nodeId } = pasteSubtree(doc, clip, 'c');
    expect(validateTreeDocument(document).ok).toBe(true);
    expect(titles(document, 'c')).toEqual([nodeId]);
    const pastedChildren = titles(document, nodeId);
    expect(pastedChildren).toHaveLength(2);
    expect(pastedChildren).not.toContain('a1');
    expect(document.links).toHaveLength(2);
    expect(document.links[1]).toMatchObject({ source: pastedChildren[0], target: pastedChildren[1] });
  });

  it('sets the unlock mode, keeping the document when it does not change', () => {
    const doc = sample();
    expect(doc.unlock).toBe('links');
    expect(setUnlockMode(doc, 'links')).toBe(doc);
    const parentMode = setUnlockMode(doc, 'parent');
    expect(parentMode.unlock).toBe('parent');
    expect(parentMode.nodes).toBe(doc.nodes);
    expect(doc.unlock).toBe('links');
    expect(validateTreeDocument(parentMode).ok).toBe(true);
    expect(setUnlockMode(parentMode, 'links').unlock).toBe('links');
  });
});
