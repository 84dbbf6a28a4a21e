import type { TreeDocument } from '@arbor/tree-core';
// The index alone (no schemas): the read-only canvas and learning mode load it without the rest of tree-core.
import { indexTree as buildTreeIndex, type TreeIndex } from '@arbor/tree-core/tree-index';

const cache = new WeakMap<TreeDocument, TreeIndex>();

/**
 * tree-core's index of a document, cached: the editor asks for it on every keystroke, and documents
 * are immutable, so the index of one document object never changes.
 */
export function indexTree(doc: TreeDocument): TreeIndex {
  let index = cache.get(doc);
  if (!index) {
    index = buildTreeIndex(doc);
    cache.set(doc, index);
  }
  return index;
}

/** True when `candidate` is `id` itself or lies inside its subtree. */
export function isInSubtree(index: TreeIndex, id: string, candidate: string): boolean {
  let current: string | null = candidate;
  while (current) {
    if (current === id) return true;
    current = index.byId.get(current)?.parent_id ?? null;
  }
  return false;
}
