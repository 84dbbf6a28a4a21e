import type { AuthUser } from '../../plugins/auth.ts';
import { notFound } from '../../lib/http-errors.ts';

/** Users see only themselves; admins see everyone. Anything else is "not found", never "forbidden". */
export function authorizeUserAccess(caller: AuthUser, targetId: number): void {
  if (caller.role !== 'admin' && caller.id !== targetId) throw notFound();
}

/** Profiles and addresses belong to one user: only that user may see or change them. */
export function authorizeOwn(caller: AuthUser, ownerId: number | undefined): void {
  if (ownerId === undefined || caller.id !== ownerId) throw notFound();
}
