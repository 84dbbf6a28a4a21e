// The replay both the page and the service worker run (features/offline/offline-sync.ts and src/sw.ts):
// one at a time across the tabs and the worker (a Web Lock: they share the origin's locks), and the
// sender the worker uses, which posts with the access token the page left (sync-credentials.ts). The
// page's sender goes through the API client instead, which refreshes an expired token.
import type { Card } from '@arbor/contract';
import {
  outcomeOfError,
  replayReviews,
  type OfflineDb,
  type QueuedReview,
  type ReplayOutcome,
  type SyncSummary,
} from './review-store.ts';

/** The Background Sync tag registered when a grade is queued. */
export const SYNC_TAG = 'arbor-review-grades';
/** The message the service worker posts to the open pages after a replay (`{type, summary}`). */
export const SYNC_MESSAGE = 'arbor-offline-synced';
const REPLAY_LOCK = 'arbor-offline-replay';

export type ReviewSender = (review: QueuedReview) => Promise<ReplayOutcome>;

interface LockManagerLike {
  request<T>(name: string, callback: () => Promise<T>): Promise<T>;
}

/**
 * Replays the queue, holding the origin-wide replay lock where the browser has Web Locks (two replays
 * at once would each send the head of the queue: harmless thanks to `review_id`, but twice the requests).
 */
export function replayQueue(
  db: OfflineDb,
  send: ReviewSender,
  locks: LockManagerLike | undefined = globalThis.navigator?.locks,
): Promise<SyncSummary> {
  const run = () => replayReviews(db, send);
  return locks ? locks.request(REPLAY_LOCK, run) : run();
}

/** A sender that posts each grade with a bearer token (the service worker's; it cannot refresh). */
export function tokenSender(token: string): ReviewSender {
  return async ({ card_id, ...body }) => {
    try {
      const res = await fetch(`/api/learn/cards/${card_id}/review/`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      if (!res.ok) return outcomeOfError({ status: res.status });
      return { kind: 'sent', card: ((await res.json()) as { card: Card }).card };
    } catch (error) {
      return outcomeOfError(error);
    }
  };
}
