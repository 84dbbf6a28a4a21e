import 'fake-indexeddb/auto';
import type { Card } from '@arbor/contract';
import { describe, expect, it } from 'vitest';
import {
  clearOfflineData,
  enqueueReview,
  keepCards,
  keptCards,
  outcomeOfError,
  queuedCount,
  queuedReviews,
  replayReviews,
  type QueuedReview,
  type ReplayOutcome,
} from './review-store.ts';
import { offlineCard, offlineDbs } from './testing.ts';

const freshDb = offlineDbs('offline-test');
const card = offlineCard;

const review = (id: string, card_id: number, reviewed_at: string, rating: 1 | 2 | 3 | 4 = 3): QueuedReview => ({
  card_id,
  rating,
  review_id: id,
  reviewed_at,
});

/**
 * A server as API.md describes POST /api/learn/cards/{id}/review/: the same review_id answers the
 * first result and records nothing; a missing card is 404; a review older than the card's last is 400.
 */
function fakeServer(cardIds: number[]) {
  const cards = new Map(cardIds.map((id) => [id, card(id)]));
  const answered = new Map<string, Card>();
  const recorded: QueuedReview[] = [];
  const send = async (r: QueuedReview): Promise<ReplayOutcome> => {
    const first = answered.get(r.review_id);
    if (first) return { kind: 'sent', card: first };
    const current = cards.get(r.card_id);
    if (!current) return { kind: 'refused', status: 404 };
    if (current.last_review && r.reviewed_at < current.last_review) return { kind: 'refused', status: 400 };
    const next = { ...current, reps: current.reps + 1, state: 'learning' as const, last_review: r.reviewed_at };
    cards.set(r.card_id, next);
    answered.set(r.review_id, next);
    recorded.push(r);
    return { kind: 'sent', card: next };
  };
  return { cards, recorded, send };
}

describe('offline review queue', () => {
  it('keeps grades in the order they were made, each review_id once', async () => {
    const { db } = await freshDb();
    await enqueueReview(db, review('b', 2, '2026-03-02T10:00:00.000Z'));
    await enqueueReview(db, review('a', 1, '2026-03-02T10:01:00.000Z'));
    await enqueueReview(db, review('b', 2, '2026-03-02T10:00:00.000Z'));
    await enqueueReview(db, review('c', 1, '2026-03-02T10:02:00.000Z'));
    expect((await queuedReviews(db)).map((r) => r.review_id)).toEqual(['b', 'a', 'c']);
    expect(await queuedCount(db)).toBe(3);
  });

  it('replays in order, replaces the local card with the server one and empties the queue', async () => {
    const { db } = await freshDb();
    const server = fakeServer([1, 2]);
    await keepCards(db, [card(1), card(2)]);
    await enqueueReview(db, review('a', 1, '2026-03-02T10:00:00.000Z'), card(1, { state: 'review', reps: 9 }));
    await enqueueReview(db, review('b', 2, '2026-03-02T10:01:00.000Z'));
    await enqueueReview(db, review('c', 1, '2026-03-02T10:02:00.000Z'));
    const summary = await replayReviews(db, server.send);
    expect(summary).toEqual({ synced: 3, dropped: [], remaining: 0 });
    expect(server.recorded.map((r) => r.review_id)).toEqual(['a', 'b', 'c']);
    const kept = await keptCards(db);
    expect(kept.find((c) => c.id === 1)).toMatchObject({ reps: 2, last_review: '2026-03-02T10:02:00.000Z' });
  });

  it('replays idempotently: a second sync sends nothing and the server holds each review once', async () => {
    const { db } = await freshDb();
    const server = fakeServer([1]);
    await enqueueReview(db, review('a', 1, '2026-03-02T10:00:00.000Z'));
    await replayReviews(db, server.send);
    const again = await replayReviews(db, server.send);
    expect(again).toEqual({ synced: 0, dropped: [], remaining: 0 });
    expect(server.recorded).toHaveLength(1);
  });

  it('drops a 404 and a 400, reports them, and goes on with the rest', async () => {
    const { db } = await freshDb();
    const server = fakeServer([1, 2]);
    server.cards.set(2, card(2, { last_review: '2026-03-02T12:00:00.000Z' }));
    await keepCards(db, [card(1), card(2), card(3)]);
    await enqueueReview(db, review('gone', 3, '2026-03-02T10:00:00.000Z'));
    await enqueueReview(db, review('old', 2, '2026-03-02T10:01:00.000Z'));
    await enqueueReview(db, review('ok', 1, '2026-03-02T10:02:00.000Z'));
    const summary = await replayReviews(db, server.send);
    expect(summary.synced).toBe(1);
    expect(summary.remaining).toBe(0);
    expect(summary.dropped.map((d) => [d.review.review_id, d.status])).toEqual([
      ['gone', 404],
      ['old', 400],
    ]);
    // the deleted card is no longer offered offline
    expect((await keptCards(db)).map((c) => c.id).sort()).toEqual([1, 2]);
  });

  it('stops at the first unreachable grade and keeps it and the rest in order', async () => {
    const { db } = await freshDb();
    const server = fakeServer([1, 2]);
    await enqueueReview(db, review('a', 1, '2026-03-02T10:00:00.000Z'));
    await enqueueReview(db, review('b', 2, '2026-03-02T10:01:00.000Z'));
    await enqueueReview(db, review('c', 1, '2026-03-02T10:02:00.000Z'));
    let calls = 0;
    const summary = await replayReviews(db, (r) =>
      ++calls === 2 ? Promise.resolve({ kind: 'unreachable' }) : server.send(r),
    );
    expect(summary).toEqual({ synced: 1, dropped: [], remaining: 2 });
    expect((await queuedReviews(db)).map((r) => r.review_id)).toEqual(['b', 'c']);
  });

  it('resumes a replay cut short by a closed page without sending a review twice', async () => {
    const { db, name } = await freshDb();
    const server = fakeServer([1, 2]);
    await enqueueReview(db, review('a', 1, '2026-03-02T10:00:00.000Z'));
    await enqueueReview(db, review('b', 2, '2026-03-02T10:01:00.000Z'));
    await enqueueReview(db, review('c', 1, '2026-03-02T10:02:00.000Z'));
    // The server takes "b", then the page goes away before the queue is updated.
    let sent = 0;
    const crashing = async (r: QueuedReview) => {
      const outcome = await server.send(r);
      if (++sent === 2) db.close();
      return outcome;
    };
    await expect(replayReviews(db, crashing)).rejects.toThrow();
    // The next page opens the database again and replays what is left.
    const { db: reopened } = await freshDb(name);
    expect((await queuedReviews(reopened)).map((r) => r.review_id)).toEqual(['b', 'c']);
    const summary = await replayReviews(reopened, server.send);
    expect(summary).toEqual({ synced: 2, dropped: [], remaining: 0 });
    expect(server.recorded.map((r) => r.review_id)).toEqual(['a', 'b', 'c']);
  });

  it('keeps the local state of a card whose grade is still queued when the server list is kept again', async () => {
    const { db } = await freshDb();
    await keepCards(db, [card(1), card(2)]);
    await enqueueReview(db, review('a', 1, '2026-03-02T10:00:00.000Z'), card(1, { state: 'learning', reps: 1 }));
    await keepCards(db, [card(1), card(3)]);
    const kept = await keptCards(db);
    expect(kept.map((c) => [c.id, c.state])).toEqual([
      [1, 'learning'],
      [3, 'new'],
    ]);
    await clearOfflineData(db);
    expect(await keptCards(db)).toEqual([]);
    expect(await queuedCount(db)).toBe(0);
  });

  it('counts no answer, 5xx, 401 and 429 as unreachable and other 4xx as refused', () => {
    expect(outcomeOfError(new TypeError('Failed to fetch'))).toEqual({ kind: 'unreachable' });
    for (const status of [500, 503, 401, 408, 429]) expect(outcomeOfError({ status })).toEqual({ kind: 'unreachable' });
    expect(outcomeOfError({ status: 404 })).toEqual({ kind: 'refused', status: 404 });
    expect(outcomeOfError({ status: 400 })).toEqual({ kind: 'refused', status: 400 });
  });
});
