import type { ChangeCounts } from '@arbor/contract';

/** How many updates the banner announces: every node the template added, removed, changed or moved. */
export function updateCount(changes: ChangeCounts): number {
  return changes.added + changes.removed + changes.changed + changes.moved;
}

/*
 * "Not now" lasts for the browser session and for one template revision: a newer revision is news
 * again. Kept in sessionStorage, so a reload of the editor does not bring the banner straight back.
 */
const dismissKey = (treeId: number) => `arbor.upstream-dismissed.${treeId}`;

export function isDismissed(treeId: number, latestRevision: number): boolean {
  try {
    return sessionStorage.getItem(dismissKey(treeId)) === String(latestRevision);
  } catch {
    return false; // storage disabled: the banner shows
  }
}

export function dismiss(treeId: number, latestRevision: number): void {
  try {
    sessionStorage.setItem(dismissKey(treeId), String(latestRevision));
  } catch {
    // storage disabled: dismissed until the editor is opened again
  }
}
