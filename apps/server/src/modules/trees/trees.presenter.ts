import type { Tree, TreeWithData } from '@arbor/contract';
import { avatarUrlOf } from '../../lib/avatars/avatars.ts';
import { parseStoredDocument } from './tree-document.ts';
import type { TreeListRow, TreeRow } from './trees.repository.ts';

/** Row → the contract's `Tree` (no document). */
export function presentTree(row: TreeListRow, baseUrl: string): Tree {
  return {
    id: row.id,
    uuid: row.uuid,
    title: row.title,
    description: row.description,
    tags: JSON.parse(row.tags) as string[],
    visibility: row.visibility,
    cover_url: null,
    owner: { id: row.owner_id, username: row.owner_username, avatar_url: avatarUrlOf(baseUrl, row.owner_avatar_key) },
    node_count: row.node_count,
    revision: row.revision,
    latest_version: row.latest_version,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** Row → `Tree` with its working copy. */
export function presentTreeWithData(row: TreeRow, baseUrl: string): TreeWithData {
  return { ...presentTree(row, baseUrl), data: parseStoredDocument(row.data) };
}
