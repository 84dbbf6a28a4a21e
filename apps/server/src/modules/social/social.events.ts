import type { Deps } from '../../deps.ts';
import { withdrawFollows } from './authors.service.ts';
import { withdrawCollections, withdrawShareFromCollections } from './collections.service.ts';

/**
 * Following and collections in other modules' events, in the emitting transaction: a deleted
 * account's follows (with the counts) and collections go, and a withdrawn template leaves every
 * collection.
 */
export function subscribeSocial(deps: Deps): void {
  deps.events.within('user.deleted', async (trx, { userId }) => {
    await withdrawFollows(trx, userId);
    await withdrawCollections(trx, userId);
  });
  deps.events.within('share.deleted', (trx, { shareId }) => withdrawShareFromCollections(trx, shareId));
}
