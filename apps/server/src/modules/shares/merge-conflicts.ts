import { CHANGED_NODES_LISTED, type ChangedNode, type MergeConflictNode } from '@arbor/contract';
import type { MergeConflict, TreeDiff, TreeDocument } from '@arbor/tree-core';

/**
 * A three-way merge's conflicts as the API lists them (the 409 of a sync or of accepting a
 * suggestion): one entry per node, with the fields both sides changed.
 */
export function conflictNodes(conflicts: readonly MergeConflict[]): MergeConflictNode[] {
  const byNode = new Map<string, string[]>();
  for (const c of conflicts) {
    const fields = byNode.get(c.node_id) ?? [];
    if (!fields.includes(c.field)) fields.push(c.field);
    byNode.set(c.node_id, fields);
  }
  return [...byNode].map(([node_id, fields]) => ({ node_id, fields }));
}

/**
 * The nodes one side changed since the base (`diff`: base → `side`), named by title and in the side's
 * document order (removed ones after, in the base's), each with how it changed; the first
 * CHANGED_NODES_LISTED of them.
 */
export function changedNodes(side: TreeDocument, diff: TreeDiff): ChangedNode[] {
  const kinds = new Map<string, ChangedNode['changes']>();
  const mark = (id: string, kind: ChangedNode['changes'][number]) => kinds.set(id, [...(kinds.get(id) ?? []), kind]);
  for (const node of diff.added) mark(node.id, 'added');
  for (const change of diff.changed) mark(change.id, 'changed');
  for (const move of diff.moved) mark(move.id, 'moved');
  for (const node of diff.removed) mark(node.id, 'removed');
  const listed: ChangedNode[] = [];
  for (const node of [...side.nodes, ...diff.removed]) {
    const changes = kinds.get(node.id);
    if (!changes || listed.length >= CHANGED_NODES_LISTED) continue;
    kinds.delete(node.id);
    listed.push({ node_id: node.id, title: node.title, changes });
  }
  return listed;
}
