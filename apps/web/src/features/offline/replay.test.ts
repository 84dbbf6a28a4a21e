import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { replayQueue, type ReviewSender } from './replay.ts';
import { enqueueReview, keepCard, keepCards, keptCards } from './review-store.ts';
import { offlineCard, offlineDbs } from './testing.ts';

const open = offlineDbs('replay-test');
const freshDb = async () => (await open()).db;
const card = offlineCard;

/** Web Locks' exclusive mode in one process: callbacks of the same name run one after the other. */
function serialLocks() {
  const tails = new Map<string, Promise<unknown>>();
  return {
    request<T>(name: string, callback: () => Promise<T>): Promise<T> {
      const run = (tails.get(name) ?? Promise.resolve()).then(callback, callback);
      tails.set(
        name,
        run.catch(() => undefined),
      );
      return run;
    },
  };
}

describe('replaying from the page and the service worker at once', () => {
  it('sends each grade once, in order, when both replay under the lock', async () => {
    const db = await freshDb();
    for (const [i, id] of ['a', 'b', 'c'].entries())
      await enqueueReview(db, { card_id: 1, rating: 3, review_id: id, reviewed_at: `2026-03-02T10:0${i}:00.000Z` });
    const sent: string[] = [];
    const send: ReviewSender = async (review) => {
      sent.push(review.review_id);
      // a send takes a turn of the event loop, as a request does: the other replay can run meanwhile
      await new Promise((resolve) => setImmediate(resolve));
      return { kind: 'sent', card: card(1, { reps: sent.length }) };
    };
    const locks = serialLocks();
    const [page, worker] = await Promise.all([replayQueue(db, send, locks), replayQueue(db, send, locks)]);
    expect(sent).toEqual(['a', 'b', 'c']);
    expect(page).toEqual({ synced: 3, dropped: [], remaining: 0 });
    expect(worker).toEqual({ synced: 0, dropped: [], remaining: 0 });
  });

  it('replays without Web Locks too', async () => {
    const db = await freshDb();
    await enqueueReview(db, { card_id: 1, rating: 3, review_id: 'a', reviewed_at: '2026-03-02T10:00:00.000Z' });
    const summary = await replayQueue(db, async () => ({ kind: 'refused', status: 404 }), undefined);
    expect(summary.dropped.map((d) => d.status)).toEqual([404]);
  });
});

describe('kept cards after an online grade', () => {
  it('replaces a kept card with the server’s copy and leaves others out', async () => {
    const db = await freshDb();
    await keepCards(db, [card(1), card(2)]);
    await keepCard(db, card(1, { state: 'learning', reps: 1 }));
    await keepCard(db, card(9, { state: 'review' }));
    expect((await keptCards(db)).map((c) => [c.id, c.state])).toEqual([
      [1, 'learning'],
      [2, 'new'],
    ]);
  });
});
