// Test helpers of the offline feature: a card as the API gives it, and fresh IndexedDB databases
// (fake-indexeddb) closed after each test.
import type { Card } from '@arbor/contract';
import { afterEach } from 'vitest';
import { testCard } from '../../testing/cards.ts';
import { openOfflineDb, type OfflineDb } from './review-store.ts';

/** A new basic card of one tree, with `over` applied. */
export const offlineCard = (id: number, over: Partial<Card> = {}): Card =>
  testCard({ id, node_id: `n${id}`, front: `front ${id}`, back: `back ${id}`, ...over });

/** Opens offline databases of unique names (or `name`), each closed after the test. */
export function offlineDbs(prefix: string) {
  const opened: OfflineDb[] = [];
  let count = 0;
  afterEach(() => {
    for (const db of opened.splice(0)) db.close();
  });
  return async (name = `${prefix}-${++count}`) => {
    const db = await openOfflineDb(name);
    opened.push(db);
    return { db, name };
  };
}
