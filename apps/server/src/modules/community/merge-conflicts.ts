import type { MergeConflictNode } from '@arbor/contract';
import type { MergeConflict } from '@arbor/tree-core';

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
