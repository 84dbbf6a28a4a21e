import type { Deps } from '../../deps.ts';
import { withdrawUser } from './shares.service.ts';

/**
 * The shares module's part in other modules' events: an account being deleted takes its likes,
 * ratings and shares with it (`user.deleted`, in the deleting transaction).
 */
export function subscribeShares(deps: Deps): void {
  deps.events.within('user.deleted', (trx, { userId }, publish) => withdrawUser(deps, trx, userId, publish));
}
