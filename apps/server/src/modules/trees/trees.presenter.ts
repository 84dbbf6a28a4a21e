import type { Tree, TreeUpstream, TreeWithData } from '@arbor/contract';
import { avatarUrlOf } from '../../lib/avatars/avatars.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { spliceStoredBytes, spliceStoredJson } from '../../lib/trusted-json.ts';
import { treeAbilities } from './trees.policy.ts';
import type { TreeListRow, TreeRow } from './trees.repository.ts';

/**
 * Where the tree came from: its template as it is now, or, once the template was withdrawn or hidden
 * by a moderator, as it was last seen (not available, never behind).
 */
export function presentUpstream(row: TreeListRow): TreeUpstream | null {
  if (row.upstream_share_uuid === null || row.upstream_base_revision === null) return null;
  const base = row.upstream_base_revision;
  const available = row.upstream_uuid !== null && row.upstream_hidden === 0;
  const latest = available ? (row.upstream_latest_revision ?? base) : base;
  return {
    share: row.upstream_share_uuid,
    title: (available ? row.upstream_current_title : null) ?? row.upstream_title ?? '',
    base_revision: base,
    latest_revision: latest,
    behind: available && latest > base,
    available,
  };
}

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
    upstream: presentUpstream(row),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/**
 * Row → the JSON text of `TreeWithData`: the tree's fields with its working copy spliced in as stored
 * (`lib/trusted-json.ts`), not parsed and re-serialised; as bytes when the document is kept as bytes.
 */
export function treeWithDataJson(row: TreeRow, baseUrl: string, viewer: AuthUser | null): string;
export function treeWithDataJson(
  row: TreeListRow,
  baseUrl: string,
  viewer: AuthUser | null,
  document: Buffer | string,
): Buffer | string;
export function treeWithDataJson(
  row: TreeListRow & { data?: string },
  baseUrl: string,
  viewer: AuthUser | null,
  document: Buffer | string = row.data!,
): Buffer | string {
  const fields = presentTree(row, baseUrl, viewer) satisfies Omit<TreeWithData, 'data'>;
  return typeof document === 'string'
    ? spliceStoredJson(fields, 'data', document)
    : spliceStoredBytes(fields, 'data', document);
}
