import type { Share, ShareWithData, UserSummary } from '@arbor/contract';
import type { TreeDocument } from '@arbor/tree-core';
import type { AuthUser } from '../../plugins/auth.ts';
import { mediaPath } from '../../lib/storage/storage.ts';
import { avatarUrlOf } from '../../lib/avatars/avatars.ts';
import { canSeeSourceTree, shareAbilities } from './shares.policy.ts';
import type { ShareListRow, ShareRow } from './shares.repository.ts';

export interface PresentContext {
  baseUrl: string;
  viewer: AuthUser | null;
  authors: Map<number, UserSummary>;
  /** credited contributors by share id (absent: none) */
  contributors: Map<number, UserSummary[]>;
  liked: Set<number>;
  ratings: Map<number, number>;
}

/** Row → the contract's `Share` (no snapshot). */
export function presentShare(row: ShareListRow, ctx: PresentContext): Share {
  const author = ctx.authors.get(row.author_id);
  return {
    id: row.id,
    uuid: row.uuid,
    tree: canSeeSourceTree(ctx.viewer, row) ? row.tree_id : null,
    title: row.title,
    description: row.description,
    tags: JSON.parse(row.tags) as string[],
    cover_url: row.cover_key ? `${ctx.baseUrl}${mediaPath(row.cover_key)}` : null,
    author: author ?? { id: row.author_id, username: 'deleted', avatar_url: avatarUrlOf(ctx.baseUrl, null) },
    node_count: row.node_count,
    likes_count: row.likes_count,
    rating_avg: Number(row.rating_avg),
    rating_count: row.rating_count,
    views_count: row.views_count,
    uses_count: row.uses_count,
    liked: ctx.liked.has(row.id),
    my_rating: ctx.ratings.get(row.id) ?? null,
    abilities: shareAbilities(ctx.viewer, row),
    revision: row.revision,
    contributors: ctx.contributors.get(row.id) ?? [],
    created_at: row.created_at,
    updated_at: row.updated_at,
    // Only its author and admins are ever shown a hidden template.
    ...(row.hidden === 1 ? { hidden: true } : {}),
  };
}

/** Row → `Share` with the shared snapshot (parsed) and the URLs of its nodes' images. */
export function presentShareWithData(
  row: ShareRow,
  ctx: PresentContext,
  data: TreeDocument,
  images: Record<string, string>,
): ShareWithData {
  return { ...presentShare(row, ctx), data, images };
}
