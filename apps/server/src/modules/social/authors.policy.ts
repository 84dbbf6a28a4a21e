import type { AuthUser } from '../../plugins/auth.ts';
import { invalid } from '../../lib/http-errors.ts';

/** Anyone follows any author but themselves. */
export function authorizeFollow(user: AuthUser, author: { id: number }): void {
  if (author.id === user.id) throw invalid('You cannot follow yourself.');
}
