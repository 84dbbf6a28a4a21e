import type { CollectionAbilities } from '@arbor/contract';
import type { AuthUser } from '../../plugins/auth.ts';
import { permissionDenied } from '../../lib/http-errors.ts';

/** A public collection is seen by everyone, a private one by its owner only. */
export function canSeeCollection(viewer: AuthUser | null, row: { owner_id: number; visibility: string }): boolean {
  return row.visibility === 'public' || row.owner_id === viewer?.id;
}

/** Only its owner changes a collection (its title, its items) or deletes it. */
export function authorizeCollectionChange(user: AuthUser, row: { owner_id: number }): void {
  if (row.owner_id !== user.id) throw permissionDenied('Only the owner of this collection may change it.');
}

/** What `viewer` may do with a collection: sent with every `Collection` (all of it its owner's, as above). */
export function collectionAbilities(viewer: AuthUser | null, row: { owner_id: number }): CollectionAbilities {
  const owns = viewer !== null && row.owner_id === viewer.id;
  return { update: owns, delete: owns, manage_items: owns };
}
