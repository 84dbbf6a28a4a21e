import { diffDocuments, type TreeDiff, type TreeDocument } from '@arbor/tree-core';
import type { DiffMark } from '../layout/flow-elements.ts';

export interface DiffView {
  diff: TreeDiff;
  /** the newer document plus the removed nodes put back where they were, so removals can be drawn */
  doc: TreeDocument;
  marks: Map<string, DiffMark>;
}

/**
 * Prepares a comparison for the canvas: every node of `to`, plus each removed node of `from` under
 * its old parent (or the root when that parent is gone too), each marked added, removed, changed
 * or moved.
 */
export function buildDiffView(from: TreeDocument, to: TreeDocument): DiffView {
  const diff = diffDocuments(from, to);
  const marks = new Map<string, DiffMark>();
  for (const move of diff.moved) marks.set(move.id, 'moved');
  for (const change of diff.changed) {
    // Only `collapsed` or `position` changing is a display detail, not a change worth a colour.
    const fields = Object.keys(change.fields).filter((f) => f !== 'collapsed' && f !== 'position');
    if (fields.length) marks.set(change.id, 'changed');
  }
  for (const node of diff.added) marks.set(node.id, 'added');
  const present = new Set(to.nodes.map((n) => n.id));
  const removedIds = new Set(diff.removed.map((n) => n.id));
  const rootId = to.nodes.find((n) => n.parent_id === null)?.id ?? null;
  const ghosts = diff.removed.map((node) => {
    marks.set(node.id, 'removed');
    const parentKnown = node.parent_id !== null && (present.has(node.parent_id) || removedIds.has(node.parent_id));
    return { ...node, collapsed: false, parent_id: parentKnown ? node.parent_id : rootId };
  });
  // Show everything that changed: a collapsed branch would hide its marks.
  const nodes = [...to.nodes.map((n) => (n.collapsed ? { ...n, collapsed: false } : n)), ...ghosts];
  return { diff, doc: { ...to, nodes }, marks };
}
