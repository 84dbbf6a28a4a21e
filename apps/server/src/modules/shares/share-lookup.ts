import type { Executor } from '../../db/connection.ts';
import { notFound } from '../../lib/http-errors.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { isVisible } from './share-visibility.ts';
import { findShareRef, type ShareRef } from './shares.repository.ts';

/**
 * The one lookup of a template (by numeric id or uuid) that reviews, comments, suggestions and history
 * start from: what the rules need, never the snapshot. Absent, or hidden from `viewer` (everyone but
 * its author and admins), it is a 404 with `message`.
 */
export async function requireVisibleShare(
  db: Executor,
  viewer: AuthUser | null,
  idOrUuid: string,
  message = 'No such template.',
): Promise<ShareRef> {
  const share = await findShareRef(db, idOrUuid);
  if (!share || !isVisible(viewer, share)) throw notFound(message);
  return share;
}
