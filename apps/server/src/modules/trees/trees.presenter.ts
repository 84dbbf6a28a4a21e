import type { Tree, TreeWithData } from '@arbor/contract';
import { avatarUrlOf } from '../../lib/avatars/avatars.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { parseStoredDocument } from './tree-document.ts';
import { treeAbilities } from './trees.policy.ts';
import type { TreeListRow, TreeRow } from './trees.repository.ts';

/** Row → the contract's `Tree` (no document), with what `viewer` may do with it. */
export function presentTree(row: TreeListRow, baseUrl: string, viewer: AuthUser | null): Tree {
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
    abilities: treeAbilities(viewer, row),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** Row → `Tree` with its working copy. */
export function presentTreeWithData(row: TreeRow, baseUrl: string, viewer: AuthUser | null): TreeWithData {
  return { ...presentTree(row, baseUrl, viewer), data: parseStoredDocument(row.data) };
}
