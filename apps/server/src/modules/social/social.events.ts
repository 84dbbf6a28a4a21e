import type { Deps } from '../../deps.ts';
import { withdrawFollows } from './authors.service.ts';
import { withdrawCollections, withdrawShareFromCollections } from './collections.service.ts';

/** The events the social module publishes. */
declare module '../../lib/events/events.ts' {
  interface DomainEventMap {
    /** `followerId` started following `followeeId` (published after the follow is written, not on a repeat) */
    'user.followed': { followerId: number; followeeId: number };
  }
}

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
