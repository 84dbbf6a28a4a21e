import type { Deps } from '../../deps.ts';
import { withdrawHelpfulVotes } from './reviews.service.ts';

/** The events the reviews module publishes. */
declare module '../../lib/events/events.ts' {
  interface DomainEventMap {
    /** `reviewerId` wrote a review of a template by `shareAuthorId` (a new one, not an edit or replacement) */
    'review.posted': {
      reviewId: number;
      shareId: number;
      shareUuid: string;
      shareAuthorId: number;
      reviewerId: number;
    };
    /** the template's author (`replierId`) replied for the first time to a review by `reviewerId` */
    'review.replied': { reviewId: number; shareId: number; reviewerId: number; replierId: number };
  }
}

/** Reviews' part in other modules' events: a deleted account's helpful votes are withdrawn (`user.deleted`). */
export function subscribeReviews(deps: Deps): void {
  deps.events.within('user.deleted', (trx, { userId }) => withdrawHelpfulVotes(deps, trx, userId));
}
