// The access token a Background Sync replay sends (the service worker reads no localStorage, where the
// page keeps its tokens: lib/token-store.ts). Only the short-lived access token is copied here, in a
// database of its own, never the refresh token: the worker cannot refresh (a refresh rotates the pair,
// which would sign the open pages out), so a token expired by the time the connection returns makes the
// worker's replay stop, and the page's own triggers (load, online, visible) replay with a fresh one.
// Removed on logout and by "Clear offline data".
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';

interface CredentialsSchema extends DBSchema {
  tokens: { key: 'access'; value: string };
}

export const SYNC_CREDENTIALS_DB_NAME = 'arbor-sync-credentials';

function openCredentials(name: string): Promise<IDBPDatabase<CredentialsSchema>> {
  return openDB<CredentialsSchema>(name, 1, {
    upgrade(db) {
      db.createObjectStore('tokens');
    },
  });
}

async function withCredentials<T>(name: string, work: (db: IDBPDatabase<CredentialsSchema>) => Promise<T>) {
  const db = await openCredentials(name);
  try {
    return await work(db);
  } finally {
    db.close();
  }
}

/** Keeps (or with null removes) the access token a service-worker replay uses. */
export function storeSyncToken(token: string | null, name = SYNC_CREDENTIALS_DB_NAME): Promise<void> {
  return withCredentials(name, async (db) => {
    if (token) await db.put('tokens', token, 'access');
    else await db.delete('tokens', 'access');
  });
}

/** The access token kept for a service-worker replay, if any. */
export function readSyncToken(name = SYNC_CREDENTIALS_DB_NAME): Promise<string | null> {
  return withCredentials(name, async (db) => (await db.get('tokens', 'access')) ?? null);
}
