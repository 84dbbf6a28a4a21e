import type { ReviewAbilities } from '@arbor/contract';
import type { AuthUser } from '../../plugins/auth.ts';
import { invalid, permissionDenied } from '../../lib/http-errors.ts';

/** Reviews are public to read. A template's author does not review it: their rating is no review. */
export function authorizeReviewWrite(user: AuthUser, share: { author_id: number }): void {
  if (share.author_id === user.id) throw invalid('You cannot review your own template.');
}

/** Only its author edits a review. */
export function authorizeReviewEdit(user: AuthUser, review: { user_id: number }): void {
  if (review.user_id !== user.id) throw permissionDenied('Only the author of this review may change it.');
}

/** Its author or an admin removes a review. */
export function authorizeReviewDelete(user: AuthUser, review: { user_id: number }): void {
  if (review.user_id !== user.id && user.role !== 'admin')
    throw permissionDenied('Only the author of this review or an admin may delete it.');
}

/** Votes are other people's judgement of a review. */
export function authorizeHelpfulVote(user: AuthUser, review: { user_id: number }): void {
  if (review.user_id === user.id) throw invalid('You cannot mark your own review as helpful.');
}

/** The template's author answers its reviews. */
export function authorizeReply(user: AuthUser, shareAuthorId: number | undefined): void {
  if (shareAuthorId !== user.id) throw permissionDenied("Only the template's author may reply to its reviews.");
}

/**
 * What `viewer` may do with a review of a template by `shareAuthorId`: sent with every `Review`, so
 * that clients never re-derive the rules above. A review a moderator hid takes no changes (its
 * author and admins still see it).
 */
export function reviewAbilities(
  viewer: AuthUser | null,
  review: { user_id: number; hidden: number },
  shareAuthorId: number | undefined,
): ReviewAbilities {
  const changeable = review.hidden === 0;
  const own = viewer !== null && viewer.id === review.user_id;
  const other = viewer !== null && !own;
  return {
    update: changeable && own,
    delete: changeable && (own || viewer?.role === 'admin'),
    mark_helpful: changeable && other,
    reply: changeable && viewer !== null && viewer.id === shareAuthorId,
    report: other,
  };
}
