// The offline grade queue as the review page sees it: how many grades wait and whether the browser is
// online (the header indicator's store, features/offline), and a sync that refreshes the stats after.
// The queue, its replay and its triggers (load, online, visible, Background Sync) are features/offline's.
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { flushPendingGrades, offlineStatus, startOfflineSync, subscribeOfflineStatus } from '../../../offline/index.ts';
import { recallKeys } from '../../api/useCards.ts';

export const pendingCount = (): number => offlineStatus().pending;

/** The number of waiting grades, whether the browser is online, and a sync that refreshes the stats after. */
export function usePendingGrades() {
  const client = useQueryClient();
  const status = useSyncExternalStore(subscribeOfflineStatus, offlineStatus, offlineStatus);
  useEffect(startOfflineSync, []);
  // a replay (this page's, another tab's or the service worker's) changed the learner's cards
  useEffect(() => {
    if (status.syncedAt !== null) void client.invalidateQueries({ queryKey: recallKeys.stats() });
  }, [client, status.syncedAt]);
  const sync = useCallback(() => flushPendingGrades(), []);
  return { count: status.pending, online: status.online, sync };
}
