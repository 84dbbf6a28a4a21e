import type { Deps } from '../../deps.ts';
import { withdrawHelpfulVotes } from './reviews.service.ts';

/** Reviews' part in other modules' events: a deleted account's helpful votes are withdrawn (`user.deleted`). */
export function subscribeReviews(deps: Deps): void {
  deps.events.within('user.deleted', (trx, { userId }) => withdrawHelpfulVotes(deps, trx, userId));
}
