import type { Deps } from '../../deps.ts';
import { withdrawUser } from './shares.service.ts';

/** The events the shares module publishes. */
declare module '../../lib/events/events.ts' {
  interface DomainEventMap {
    /** a template's snapshot was replaced by a new one: its revision `revision`, with the changelog line `message` ('' when none) */
    'share.revised': { shareId: number; shareUuid: string; authorId: number; revision: number; message: string };
    /** a new template of a tree whose hidden template was withdrawn started hidden (admins must look at it) */
    'share.withheld': { shareId: number; authorId: number };
    /** a template was withdrawn for good (its rows are deleted in the emitting transaction) */
    'share.deleted': { shareId: number; shareUuid: string; authorId: number };
    /** `userId` forked a template into a new tree of theirs ("use this template") */
    'share.used': { shareId: number; treeId: number; userId: number };
  }
}

/**
 * The shares module's part in other modules' events: an account being deleted takes its likes,
 * ratings and shares with it (`user.deleted`, in the deleting transaction).
 */
export function subscribeShares(deps: Deps): void {
  deps.events.within('user.deleted', (trx, { userId }, publish) => withdrawUser(deps, trx, userId, publish));
}
