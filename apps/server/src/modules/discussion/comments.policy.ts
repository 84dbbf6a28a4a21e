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
