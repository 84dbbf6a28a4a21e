// The offline review store in IndexedDB: the cards a session may need without a connection (due in the
// next 3 days, and today's new ones) and the grades made offline, queued in the order they were made.
// Each grade keeps its `review_id` and `reviewed_at`, so replaying one the server already has answers
// the first result and schedules nothing (API.md "Offline"): a replay cut short (the page closed between
// the server's answer and the queue's update) resumes without duplicates. Pure apart from the database
// and the sender it is given, so it is unit-tested (fake-indexeddb).
import type { Card } from '@arbor/contract';
import type { OfflineDb, QueuedReview, StoredReview } from './offline-db.ts';
import { replayInOrder } from './replay-in-order.ts';

export { OFFLINE_DB_NAME, openOfflineDb, type OfflineDb, type QueuedReview, type StoredReview } from './offline-db.ts';

/**
 * Queues a grade and keeps the card as graded locally, in one transaction (both or neither). The same
 * `review_id` twice is queued once.
 */
export async function enqueueReview(db: OfflineDb, review: QueuedReview, gradedCard?: Card): Promise<void> {
  const tx = db.transaction(['reviews', 'cards'], 'readwrite');
  const reviews = tx.objectStore('reviews');
  if (!(await reviews.index('review_id').getKey(review.review_id))) {
    await reviews.add(review as StoredReview);
    if (gradedCard) await tx.objectStore('cards').put(gradedCard);
  }
  await tx.done;
}

/** Takes a grade out before it is sent (undone); answers whether it was still waiting. */
export async function removeQueuedReview(db: OfflineDb, reviewId: string): Promise<boolean> {
  const tx = db.transaction('reviews', 'readwrite');
  const seq = await tx.store.index('review_id').getKey(reviewId);
  if (seq !== undefined) await tx.store.delete(seq);
  await tx.done;
  return seq !== undefined;
}

/** The queued grades, oldest first. */
export async function queuedReviews(db: OfflineDb): Promise<StoredReview[]> {
  return db.getAll('reviews');
}

export async function queuedCount(db: OfflineDb): Promise<number> {
  return db.count('reviews');
}

/**
 * Keeps the cards of the server's queue for offline sessions. A card with a grade still queued keeps its
 * local state (the server's copy does not have that grade yet); the rest are replaced.
 */
export async function keepCards(db: OfflineDb, cards: readonly Card[]): Promise<void> {
  const tx = db.transaction(['reviews', 'cards'], 'readwrite');
  const waiting = new Set((await tx.objectStore('reviews').getAll()).map((r) => r.card_id));
  const store = tx.objectStore('cards');
  const local = new Map<number, Card>();
  for (const id of waiting) {
    const card = await store.get(id);
    if (card) local.set(id, card);
  }
  await store.clear();
  for (const card of cards) await store.put(card);
  for (const card of local.values()) await store.put(card);
  await tx.done;
}

/** Replaces one kept card with the server's copy after an online grade or undo (when it is kept). */
export async function keepCard(db: OfflineDb, card: Card): Promise<void> {
  const tx = db.transaction('cards', 'readwrite');
  if (await tx.store.getKey(card.id)) await tx.store.put(card);
  await tx.done;
}

/** The kept cards, soonest due first. */
export async function keptCards(db: OfflineDb): Promise<Card[]> {
  return (await db.getAll('cards')).sort((a, b) => a.due.localeCompare(b.due));
}

/** What became of one replayed grade. */
export type ReplayOutcome =
  | { kind: 'sent'; card: Card }
  /** refused for good (404: the card is gone; 400: a later review is already there): dropped */
  | { kind: 'refused'; status: number }
  /** no answer (offline, 5xx, 401, 429): the grade and those after it wait */
  | { kind: 'unreachable' };

export interface SyncSummary {
  synced: number;
  dropped: { review: QueuedReview; status: number }[];
  remaining: number;
}

/**
 * Sends the queued grades one at a time, oldest first (a card's reviews must arrive in order). A grade
 * the server took leaves the queue and its card becomes the server's; a refused one leaves the queue
 * and is reported; the first unreachable one stops the replay. Each step re-reads the head of the queue,
 * so a replay resumed after a crash starts where the last one stopped.
 */
export async function replayReviews(
  db: OfflineDb,
  send: (review: QueuedReview) => Promise<ReplayOutcome>,
): Promise<SyncSummary> {
  const summary: SyncSummary = { synced: 0, dropped: [], remaining: 0 };
  await replayInOrder(
    async () => (await db.transaction('reviews').store.openCursor())?.value,
    ({ seq: _seq, ...review }) => send(review),
    async ({ seq, ...review }, outcome) => {
      const tx = db.transaction(['reviews', 'cards'], 'readwrite');
      await tx.objectStore('reviews').delete(seq);
      if (outcome.kind === 'sent') {
        await tx.objectStore('cards').put(outcome.card);
        summary.synced += 1;
      } else if (outcome.kind === 'refused') {
        if (outcome.status === 404) await tx.objectStore('cards').delete(review.card_id);
        summary.dropped.push({ review, status: outcome.status });
      }
      await tx.done;
    },
  );
  summary.remaining = await queuedCount(db);
  return summary;
}

/** How a failed request counts: no HTTP answer, 5xx, 401, 408, 429 → try later; another 4xx → refused. */
export function outcomeOfError(error: unknown): ReplayOutcome {
  const status = (error as { status?: unknown } | null)?.status;
  if (typeof status !== 'number' || status >= 500 || [401, 408, 429].includes(status)) return { kind: 'unreachable' };
  return { kind: 'refused', status };
}

/** Removes everything kept offline (Settings → Offline). */
export async function clearOfflineData(db: OfflineDb): Promise<void> {
  const names = ['reviews', 'cards', 'subjects', 'subject-list', 'edits', 'note-conflicts'] as const;
  const tx = db.transaction(names, 'readwrite');
  await Promise.all([...names.map((name) => tx.objectStore(name).clear()), tx.done]);
}
