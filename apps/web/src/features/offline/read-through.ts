// Reading through the offline copy: a page's normal fetch goes to the server; when it answers, what
// learning needs offline is kept in IndexedDB (after the answer, never a second request); when the
// server cannot be reached, the kept copy answers instead, so the query succeeds and every screen works
// unchanged. The service worker never caches `/api/` (vite/pwa.ts): this is the only offline copy.
// IndexedDB and the store's code load only when first needed (the first page's bundle stays small).
import type * as KeptLearning from './kept-learning.ts';
import type { OfflineDb } from './offline-db.ts';

export type KeptStore = typeof KeptLearning;

/** Whether a request failed without any answer from the server (offline, connection refused). */
export function isUnreachable(error: unknown): boolean {
  if ((error as Error | null)?.name === 'AbortError') return false;
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status !== 'number' || status === 0;
}

/** Runs `work` on the offline store; undefined where IndexedDB is missing, refused or failing. */
export async function withOfflineStore<R>(
  work: (store: KeptStore, db: OfflineDb) => Promise<R>,
): Promise<R | undefined> {
  try {
    const [store, { sharedOfflineDb }] = await Promise.all([import('./kept-learning.ts'), import('./shared-db.ts')]);
    const db = await sharedOfflineDb();
    return db ? await work(store, db) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * `fetch`'s answer, kept by `keep` once it arrived; or, when the server cannot be reached, what `read`
 * finds kept (else the fetch's error).
 */
export async function readThrough<T>(
  fetch: () => Promise<T>,
  keep: (store: KeptStore, db: OfflineDb, value: T) => Promise<void>,
  read: (store: KeptStore, db: OfflineDb) => Promise<T | undefined>,
): Promise<T> {
  try {
    const value = await fetch();
    void withOfflineStore((store, db) => keep(store, db, value));
    return value;
  } catch (error) {
    if (!isUnreachable(error)) throw error;
    const kept = await withOfflineStore(read);
    if (kept === undefined) throw error;
    return kept;
  }
}
