import type { ShareAbilities } from '@arbor/contract';
import type { AuthUser } from '../../plugins/auth.ts';
import { invalid, permissionDenied } from '../../lib/http-errors.ts';

/** Shares are public to read; only their author or an admin may edit or remove them. */
export function authorizeShareChange(user: AuthUser, share: { author_id: number }): void {
  if (!canChangeShare(user, share)) throw permissionDenied('Only the author of this template may change it.');
}

/** A template's stars are other people's judgement of it: its author does not rate it (API.md: as reviews, `400`). */
export function authorizeRating(user: AuthUser, share: { author_id: number }): void {
  if (share.author_id === user.id) throw invalid('You cannot rate your own template.');
}

/** Only the source tree's author sees which tree a share was made from. */
export const canSeeSourceTree = (user: AuthUser | null, share: { author_id: number }) => user?.id === share.author_id;

/** The author or an admin may edit or withdraw a share. */
const canChangeShare = (user: AuthUser | null, share: { author_id: number }) =>
  !!user && (user.role === 'admin' || share.author_id === user.id);

/** What `viewer` may do with a share: sent with every `Share`, so that clients never re-derive the rules. */
export function shareAbilities(viewer: AuthUser | null, share: { author_id: number }): ShareAbilities {
  const changes = canChangeShare(viewer, share);
  const member = viewer !== null;
  const other = member && viewer.id !== share.author_id;
  return {
    update: changes,
    delete: changes,
    like: member,
    rate: other,
    use: member,
    review: other,
    comment: member,
    // as authorizeCommentDelete: a template's author keeps their discussion clean of spam
    delete_comments: changes,
    report: other,
    // A share presented to the viewer is one they may see (hidden ones only to their author and admins).
    suggest: other,
  };
}
