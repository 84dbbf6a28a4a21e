// The service worker (built by vite-plugin-pwa's injectManifest, apps/web/vite/pwa.ts, as /sw.js): the
// precached app (every chunk, the shell, fonts, icons), navigations to the network first with the
// precached shell as the fallback, an update that waits for "Reload", and the Background Sync replay of
// the offline grades: the same replay as the page's (replay.ts), with the access token the page left
// (sync-credentials.ts). Lives in the offline feature because its one job beyond the precache is this
// feature's queue.
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, PrecacheFallbackPlugin, precacheAndRoute } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { NetworkOnly } from 'workbox-strategies';
import { replayQueue, SYNC_MESSAGE, SYNC_TAG, tokenSender } from './replay.ts';
import { openOfflineDb } from './review-store.ts';
import { readSyncToken } from './sync-credentials.ts';

// The worker's global scope, as much of it as this file uses (the app's tsconfig has the DOM's types).
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface SyncEvent extends ExtendableEvent {
  tag: string;
}
interface WorkerScope {
  __WB_MANIFEST: (string | { url: string; revision: string | null })[];
  skipWaiting(): Promise<void>;
  clients: { matchAll(options: { type: 'window' }): Promise<{ postMessage(message: unknown): void }[]> };
  addEventListener(type: 'sync', listener: (event: SyncEvent) => void): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<{ type?: string } | null>) => void): void;
}
const worker = self as unknown as WorkerScope;

precacheAndRoute((self as unknown as WorkerScope).__WB_MANIFEST);
cleanupOutdatedCaches();
// The first install takes the open page at once, so it works offline from this visit on; an update still
// waits until the user chooses "Reload" (workbox-window then posts SKIP_WAITING).
void clientsClaim();
worker.addEventListener('message', (event) => {
  if (event.data?.type === 'SKIP_WAITING') void worker.skipWaiting();
});

// Navigations: the network (the server adds per-route preloads and the prerendered landing page), the
// precached shell only when it cannot answer. `/api/`, `/media/` and `/embed/` never come from a cache.
registerRoute(
  ({ request, url }) => request.mode === 'navigate' && !/^\/(api|media|embed)\//.test(url.pathname),
  new NetworkOnly({ plugins: [new PrecacheFallbackPlugin({ fallbackURL: '/index.html' })] }),
);

/**
 * Replays the queued grades with the token the page left, then tells the open pages (their indicator,
 * summary and stats). Grades still waiting (no connection, or an expired token: 401) reject the sync so
 * the browser tries again later; the pages' own triggers replay them too.
 */
async function replayFromWorker(): Promise<void> {
  const token = await readSyncToken();
  if (!token) return;
  const db = await openOfflineDb();
  try {
    const summary = await replayQueue(db, tokenSender(token));
    for (const client of await worker.clients.matchAll({ type: 'window' }))
      client.postMessage({ type: SYNC_MESSAGE, summary });
    if (summary.remaining > 0) throw new Error('grades still waiting');
  } finally {
    db.close();
  }
}

worker.addEventListener('sync', (event) => {
  if (event.tag === SYNC_TAG) event.waitUntil(replayFromWorker());
});
