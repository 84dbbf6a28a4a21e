// The offline grade queue as the UI sees it: how many grades wait, sending them when the browser comes
// back online and on load, and a way to add one. One flush at a time per tab.
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { recallKeys } from '../../api/useCards.ts';
import { postReview } from '../../api/useReview.ts';
import {
  enqueueGrade,
  flushPending,
  outcomeOfError,
  readPending,
  removeGrade,
  type FlushResult,
  type PendingGrade,
  type QueueStorage,
} from './offline-queue.ts';

const listeners = new Set<() => void>();
const notify = () => listeners.forEach((l) => l());

function storage(): QueueStorage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

let flushing: Promise<FlushResult> | null = null;

/** Sends what waits (oldest first); concurrent calls share one flush. */
export function flushPendingGrades(): Promise<FlushResult> {
  const s = storage();
  if (!s) return Promise.resolve({ sent: 0, rejected: 0, remaining: 0 });
  flushing ??= flushPending(s, async (grade) => {
    try {
      const { card_id, ...body } = grade;
      await postReview(card_id, body);
      return 'sent';
    } catch (error) {
      return outcomeOfError(error);
    }
  }).finally(() => {
    flushing = null;
    notify();
  });
  return flushing;
}

export function queueGrade(grade: PendingGrade): void {
  const s = storage();
  if (!s) return;
  enqueueGrade(s, grade);
  notify();
}

/** Takes a grade out before it is sent; false when it is not (or no longer) waiting. */
export function unqueueGrade(reviewId: string): boolean {
  const s = storage();
  const removed = s ? removeGrade(s, reviewId) : false;
  if (removed) notify();
  return removed;
}

export const pendingCount = (): number => {
  const s = storage();
  return s ? readPending(s).length : 0;
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  // another tab's queue changes show here too
  const onStorage = (e: StorageEvent) => e.key === null || (e.key?.startsWith('arbor.recall') && listener());
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
};

const onlineSubscribe = (listener: () => void) => {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
};

/** The number of waiting grades, whether the browser is online, and a sync that refreshes the stats after. */
export function usePendingGrades() {
  const client = useQueryClient();
  const count = useSyncExternalStore(subscribe, pendingCount, () => 0);
  const online = useSyncExternalStore(
    onlineSubscribe,
    () => navigator.onLine,
    () => true,
  );
  const sync = useCallback(async () => {
    const result = await flushPendingGrades();
    if (result.sent > 0) void client.invalidateQueries({ queryKey: recallKeys.stats() });
    return result;
  }, [client]);
  useEffect(() => {
    // on load, and each time the browser is back online
    if (navigator.onLine && pendingCount() > 0) void sync();
    const onOnline = () => void sync();
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, [sync]);
  return { count, online, sync };
}
