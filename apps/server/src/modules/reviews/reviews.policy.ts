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
