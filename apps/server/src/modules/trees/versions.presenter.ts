import type { Version, VersionWithData } from '@arbor/contract';
import type { TreeDocument } from '@arbor/tree-core';
import type { VersionMetaRow } from './versions.repository.ts';

/** Row → the contract's `Version` (no data). */
export function presentVersion(row: VersionMetaRow): Version {
  return {
    id: row.id,
    tree: row.tree_id,
    number: row.number,
    message: row.message,
    node_count: row.node_count,
    created_by: row.created_by,
    created_at: row.created_at,
  };
}

export function presentVersionWithData(row: VersionMetaRow, data: TreeDocument): VersionWithData {
  return { ...presentVersion(row), data };
}
