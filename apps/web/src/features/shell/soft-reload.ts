import { nprogress } from '@mantine/nprogress';
import { useSyncExternalStore } from 'react';
import { queryClient } from '../../lib/query-client.ts';

/** SPEC §9 loading-bar finish delay. */
const LOADING_BAR_MS = 1000;

// SPEC §3 "main store": the view key a soft reload bumps, remounting the page without a page load.
let viewKey = 0;
const listeners = new Set<() => void>();

/** Remounts the current page, refetches its data and runs the loading bar for a second. */
export function softReload() {
  viewKey += 1;
  listeners.forEach((listener) => listener());
  nprogress.start();
  void queryClient.invalidateQueries();
  window.setTimeout(() => nprogress.complete(), LOADING_BAR_MS);
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

/** The key the shell puts on the page so a soft reload remounts it. */
export function useViewKey(): number {
  return useSyncExternalStore(
    subscribe,
    () => viewKey,
    () => viewKey,
  );
}

export function useSoftReload() {
  return softReload;
}
