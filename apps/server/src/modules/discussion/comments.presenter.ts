import type { Comment, UserSummary } from '@arbor/contract';
import type { AuthUser } from '../../plugins/auth.ts';
import { commentAbilities } from './comments.policy.ts';
import type { ShareRef } from '../shares/index.ts';
import type { CommentRow } from './comments.repository.ts';

export interface CommentPresentContext {
  authors: Map<number, UserSummary>;
  viewer: AuthUser | null;
  /** the template the comments are on */
  share: ShareRef;
}

/** Row → the contract's `Comment`; a deleted one shows neither body nor author. */
export function presentComment(row: CommentRow, ctx: CommentPresentContext): Comment {
  const deleted = row.deleted === 1;
  return {
    id: row.id,
    share: row.share_id,
    node_id: row.node_id,
    parent: row.parent_id,
    author: deleted || row.author_id === null ? null : (ctx.authors.get(row.author_id) ?? null),
    body: deleted ? '' : row.body,
    created_at: row.created_at,
    edited_at: row.edited_at,
    deleted,
    replies_count: row.replies_count,
    abilities: commentAbilities(ctx.viewer, row, ctx.share),
    // Only its author and admins are ever shown a hidden comment.
    ...(row.hidden === 1 ? { hidden: true } : {}),
  };
}
