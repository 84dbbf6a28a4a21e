import type { AuthUser } from '../../plugins/auth.ts';
import { permissionDenied } from '../../lib/http-errors.ts';

/** Shares are public to read; only their author or an admin may edit or remove them. */
export function authorizeShareChange(user: AuthUser, share: { author_id: number }): void {
  if (user.role !== 'admin' && share.author_id !== user.id)
    throw permissionDenied('Only the author of this template may change it.');
}

/** Only the source tree's author sees which tree a share was made from. */
export const canSeeSourceTree = (user: AuthUser | null, share: { author_id: number }) => user?.id === share.author_id;
