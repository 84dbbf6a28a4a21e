import type { Deps } from '../../deps.ts';
import { withdrawComments } from './comments.service.ts';

/** The events the discussion module publishes. */
declare module '../../lib/events/events.ts' {
  interface DomainEventMap {
    /** a comment was posted on a template (`parentAuthorId`: the author of the thread it replies to) */
    'comment.posted': {
      commentId: number;
      shareId: number;
      shareAuthorId: number;
      authorId: number;
      nodeId: string | null;
      parentId: number | null;
      parentAuthorId: number | null;
    };
  }
}

/** The discussion's part in other modules' events: a deleted account's comments (`user.deleted`). */
export function subscribeDiscussion(deps: Deps): void {
  deps.events.within('user.deleted', (trx, { userId }) => withdrawComments(deps, trx, userId));
}
