import type { Deps } from '../../deps.ts';
import { withdrawComments } from './comments.service.ts';

/** The discussion's part in other modules' events: a deleted account's comments (`user.deleted`). */
export function subscribeDiscussion(deps: Deps): void {
  deps.events.within('user.deleted', (trx, { userId }) => withdrawComments(deps, trx, userId));
}
