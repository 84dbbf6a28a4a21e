// The page's one connection to the offline database, opened on first use.
import { openOfflineDb, type OfflineDb } from './offline-db.ts';

let opening: Promise<OfflineDb | null> | null = null;

/** The offline database, or null where IndexedDB is missing or refused (private modes). */
export function sharedOfflineDb(): Promise<OfflineDb | null> {
  opening ??= openOfflineDb().catch(() => null);
  return opening;
}
