// The offline review's runtime in the page (a lazy chunk: the header indicator and the review page load
// it): the grade queue's count and replay, the cards kept for offline sessions, Background Sync and the
// storage figures of Settings → Offline. The queue and the cards live in IndexedDB (review-store.ts);
// the replay is the one the service worker runs too (replay.ts).
import type { Card, ReviewQueue, ReviewResult } from '@arbor/contract';
import { api } from '../../lib/api-client.ts';
import { beforeSignOut } from '../../lib/session.ts';
import { tokenStore } from '../../lib/token-store.ts';
import { ensureOfflineMessages } from '../pwa/index.ts';
import { replayQueue, SYNC_MESSAGE, SYNC_TAG } from './replay.ts';
import {
  clearOfflineData,
  enqueueReview,
  keepCard,
  keepCards,
  keptCards,
  outcomeOfError,
  queuedCount,
  removeQueuedReview,
  type QueuedReview,
  type SyncSummary,
} from './review-store.ts';
import { sharedOfflineDb } from './shared-db.ts';
import { offlineStatus, setOfflineStatus } from './status-store.ts';
import { storeSyncToken } from './sync-credentials.ts';
import { showSyncSummary } from './sync-summary.tsx';

/** Kept for offline sessions: the cards due within this many local days after today, and today's new ones. */
const KEEP_DAYS = 3;
/** The server's largest page of the review queue. */
const KEEP_LIMIT = 200;
/** Kept cards are read again at most this often (each /learn and /learn/review visit asks). */
const KEEP_REFRESH_MS = 60_000;

/** The page's one connection to the offline database (null where IndexedDB is missing or refused). */
const database = sharedOfflineDb;

async function refreshCount(): Promise<number> {
  const db = await database();
  const pending = db ? await queuedCount(db) : 0;
  setOfflineStatus({ pending });
  return pending;
}

const NOTHING: SyncSummary = { synced: 0, dropped: [], remaining: 0 };
let replaying: Promise<SyncSummary> | null = null;

async function replay(): Promise<SyncSummary> {
  const db = await database();
  if (!db) return NOTHING;
  return replayQueue(db, async ({ card_id, ...body }) => {
    try {
      const { card } = await api<Pick<ReviewResult, 'card'>>(`/api/learn/cards/${card_id}/review/`, {
        method: 'POST',
        body,
      });
      return { kind: 'sent', card };
    } catch (error) {
      return outcomeOfError(error);
    }
  });
}

/** What a replay (the page's or the service worker's) did: the indicator, the summary, fresh kept cards. */
function afterReplay(summary: SyncSummary) {
  if (summary.synced > 0 || summary.dropped.length > 0) setOfflineStatus({ syncedAt: Date.now() });
  showSyncSummary(summary);
  if (summary.synced > 0) void refreshKeptCards({ force: true });
}

/** Sends what waits (oldest first); concurrent calls share one replay. */
export function flushPendingGrades(): Promise<SyncSummary> {
  replaying ??= (async () => {
    setOfflineStatus({ syncing: true });
    try {
      const summary = await replay();
      afterReplay(summary);
      return summary;
    } finally {
      replaying = null;
      setOfflineStatus({ syncing: false });
      await refreshCount();
    }
  })();
  return replaying;
}

interface SyncRegistration {
  sync?: { register(tag: string): Promise<void> };
}

/**
 * Asks the browser for a Background Sync (where it has one): its service worker replays the queue when
 * the connection returns, even with the page closed, using the access token left for it.
 */
async function requestBackgroundSync(): Promise<void> {
  try {
    const registration = (await navigator.serviceWorker?.getRegistration()) as SyncRegistration | undefined;
    if (!registration?.sync) return;
    await storeSyncToken(tokenStore.get().accessToken);
    await registration.sync.register(SYNC_TAG);
  } catch {
    // no Background Sync: the page's triggers (load, online, visible) replay instead
  }
}

/** Queues a grade, with the card as graded locally when there is one (an offline session). */
export async function queueGrade(grade: QueuedReview, gradedCard?: Card): Promise<void> {
  const db = await database();
  if (!db) return;
  await enqueueReview(db, grade, gradedCard);
  await refreshCount();
  void requestBackgroundSync();
}

/** Takes a grade out before it is sent; false when it is not (or no longer) waiting. */
export async function unqueueGrade(reviewId: string): Promise<boolean> {
  const db = await database();
  const removed = db ? await removeQueuedReview(db, reviewId) : false;
  if (removed) await refreshCount();
  return removed;
}

let keptAt = 0;
let keeping: Promise<void> | null = null;

/**
 * Keeps on the device the cards an offline session of the next days needs: due by the end of the third
 * local day after today, and today's new ones (GET /api/learn/review/?within_days=3). Online only; at
 * most once a minute unless forced (after a sync, the server's cards replace the local ones).
 */
export function refreshKeptCards({ force = false } = {}): Promise<void> {
  if (!navigator.onLine || (!force && Date.now() - keptAt < KEEP_REFRESH_MS)) return Promise.resolve();
  keeping ??= (async () => {
    try {
      const db = await database();
      if (!db) return;
      const queue = await api<ReviewQueue>('/api/learn/review/', {
        query: { limit: KEEP_LIMIT, within_days: KEEP_DAYS },
      });
      await keepCards(db, queue.cards);
      keptAt = Date.now();
    } catch {
      // kept as they were; the next visit tries again
    } finally {
      keeping = null;
    }
  })();
  return keeping;
}

/** Keeps the server's copy of a card graded (or ungraded) online, so an offline session later starts from it. */
export async function keepGradedCard(card: Card): Promise<void> {
  const db = await database();
  if (db) await keepCard(db, card).catch(() => undefined);
}

/** The cards kept for offline sessions that are due by `until`, soonest first. */
export async function offlineSessionCards(until: Date): Promise<Card[]> {
  const db = await database();
  if (!db) return [];
  return (await keptCards(db)).filter((card) => new Date(card.due) <= until);
}

/** What Settings → Offline lists. */
export interface OfflineStorage {
  cards: number;
  pending: number;
  /** bytes the site uses on the device (the precached app, IndexedDB), where the browser says */
  usage: number | null;
}

export async function offlineStorage(): Promise<OfflineStorage> {
  const db = await database();
  const [cards, pending, estimate] = await Promise.all([
    db ? db.count('cards') : 0,
    refreshCount(),
    navigator.storage?.estimate?.().catch(() => null) ?? null,
  ]);
  return { cards, pending, usage: estimate?.usage ?? null };
}

/** Removes the kept cards, the queue and the token left for the service worker ("Clear offline data"). */
export async function clearOfflineStorage(): Promise<void> {
  const db = await database();
  if (db) await clearOfflineData(db);
  await storeSyncToken(null).catch(() => undefined);
  keptAt = 0;
  await refreshCount();
}

let started = false;

/**
 * Starts, once per page, what keeps the queue moving: the count on load, a replay on load, when the
 * browser is back online and when the page is shown again (another tab may have queued grades), the
 * service worker's replays reported here, and the worker's token kept current (or removed at logout).
 */
export function startOfflineSync(): void {
  if (started) return;
  started = true;
  ensureOfflineMessages();
  const syncIfWaiting = () => {
    void refreshCount().then((pending) => {
      if (navigator.onLine && pending > 0) void flushPendingGrades();
    });
  };
  window.addEventListener('online', syncIfWaiting);
  document.addEventListener('visibilitychange', () => document.visibilityState === 'visible' && syncIfWaiting());
  navigator.serviceWorker?.addEventListener(
    'message',
    (event: MessageEvent<{ type?: string; summary?: SyncSummary }>) => {
      if (event.data?.type !== SYNC_MESSAGE || !event.data.summary) return;
      afterReplay(event.data.summary);
      void refreshCount();
    },
  );
  // Signing out sends the waiting grades while the session holds, then forgets what this device kept.
  beforeSignOut('send', () => (navigator.onLine ? flushPendingGrades() : Promise.resolve()));
  beforeSignOut('forget', clearOfflineStorage);
  tokenStore.subscribe(({ accessToken }) => {
    if (!accessToken) void storeSyncToken(null).catch(() => undefined);
    else if (offlineStatus().pending > 0) void storeSyncToken(accessToken).catch(() => undefined);
  });
  syncIfWaiting();
  setOfflineStatus({ ready: true });
}
