import type { CommentAbilities } from '@arbor/contract';
import type { AuthUser } from '../../plugins/auth.ts';
import { permissionDenied } from '../../lib/http-errors.ts';

/** Only its author edits a comment (not even an admin puts words in someone's mouth). */
export function authorizeCommentEdit(user: AuthUser, comment: { author_id: number | null }): void {
  if (comment.author_id !== user.id) throw permissionDenied('Only the author of this comment may edit it.');
}

/** Its author, the template's author (on their own template) or an admin deletes a comment. */
export function authorizeCommentDelete(
  user: AuthUser,
  comment: { author_id: number | null },
  share: { author_id: number },
): void {
  if (comment.author_id !== user.id && share.author_id !== user.id && user.role !== 'admin')
    throw permissionDenied('Only the author of this comment, of its template or an admin may delete it.');
}

/**
 * What `viewer` may do with a comment on a template by `share.author_id`: sent with every `Comment`.
 * A deleted comment takes no changes (its thread still takes replies); one a moderator hid takes nothing.
 */
export function commentAbilities(
  viewer: AuthUser | null,
  comment: { author_id: number | null; deleted: number; hidden: number },
  share: { author_id: number },
): CommentAbilities {
  const open = comment.deleted === 0 && comment.hidden === 0;
  const own = viewer !== null && comment.author_id === viewer.id;
  return {
    reply: comment.hidden === 0 && viewer !== null,
    update: open && own,
    delete: open && viewer !== null && (own || share.author_id === viewer.id || viewer.role === 'admin'),
    report: comment.deleted === 0 && viewer !== null && comment.author_id !== null && !own,
  };
}
