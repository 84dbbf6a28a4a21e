// The one visibility rule of templates (API.md "Moderation"): a hidden template is absent from every
// list, feed, collection and count for everyone but its author and admins. Every query that returns
// or counts shares takes its condition from here (share-visibility.repository.ts for queries).
import type { AuthUser } from '../../plugins/auth.ts';

/**
 * Which hidden items a viewer may see: an admin every one (`'all'`), a signed-in user their own
 * (their id), anonymous nobody (`undefined`). Hidden items leave every aggregate for everyone.
 */
export type HiddenScope = 'all' | number | undefined;

export const hiddenScopeOf = (viewer: AuthUser | null): HiddenScope =>
  viewer === null ? undefined : viewer.role === 'admin' ? 'all' : viewer.id;

/** Whether `viewer` may see an item of `authorId` that a moderator hid (its author and admins). */
export const canSeeHidden = (viewer: AuthUser | null, authorId: number | null): boolean =>
  viewer !== null && (viewer.role === 'admin' || viewer.id === authorId);

/** A visible-to-viewer check: hidden items are absent (404) for everyone but their author and admins. */
export const isVisible = (viewer: AuthUser | null, item: { hidden: number; author_id: number | null }): boolean =>
  item.hidden === 0 || canSeeHidden(viewer, item.author_id);
