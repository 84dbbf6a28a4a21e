// What the header indicator shows, kept apart from IndexedDB so the first bundle carries only this: whether
// the browser is online, how many grades wait, a replay under way, and when the last one synced
// something. offline-sync.ts (a lazy chunk) writes it.

export interface OfflineStatus {
  /** the sync module has loaded (the count is known, the `offline` messages are there) */
  ready: boolean;
  online: boolean;
  pending: number;
  syncing: boolean;
  /** when a replay last sent or dropped something (Date.now()), for a brief "Synced" */
  syncedAt: number | null;
}

const listeners = new Set<() => void>();
let status: OfflineStatus = {
  ready: false,
  online: typeof navigator === 'undefined' ? true : navigator.onLine,
  pending: 0,
  syncing: false,
  syncedAt: null,
};

export const offlineStatus = (): OfflineStatus => status;

export function setOfflineStatus(patch: Partial<OfflineStatus>) {
  const next = { ...status, ...patch };
  if ((Object.keys(patch) as (keyof OfflineStatus)[]).every((key) => next[key] === status[key])) return;
  status = next;
  listeners.forEach((listener) => listener());
}

const followConnection = () => setOfflineStatus({ online: navigator.onLine });

export function subscribeOfflineStatus(listener: () => void): () => void {
  if (listeners.size === 0) {
    window.addEventListener('online', followConnection);
    window.addEventListener('offline', followConnection);
    followConnection();
  }
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      window.removeEventListener('online', followConnection);
      window.removeEventListener('offline', followConnection);
    }
  };
}
