import type { Deps } from '../../deps.ts';
import { imageKeysOfOwner } from './node-images.repository.ts';
import { deleteStoredFiles } from './stored-files.ts';
import { deleteTreesOfOwner } from './trees.repository.ts';

/** The events the trees module publishes. */
declare module '../../lib/events/events.ts' {
  interface DomainEventMap {
    /** a tree and its versions are gone (its rows are deleted in the emitting transaction) */
    'tree.deleted': { treeId: number; treeUuid: string; ownerId: number };
  }
}

/** Registers the trees module's part in other modules' domain events; called once when the app is built. */
export function subscribeTrees(deps: Deps): void {
  // An account's trees go in its deletion's transaction (the cascade from `users` would take the
  // rows too, but not the stored image files), and their files once it committed.
  deps.events.within('user.deleted', async (trx, { userId }, publish) => {
    const keys = await imageKeysOfOwner(trx, userId);
    // Each tree goes as any deleted tree does, so that other modules (learners' rows) follow.
    for (const tree of await deleteTreesOfOwner(trx, userId)) {
      await publish('tree.deleted', { treeId: tree.id, treeUuid: tree.uuid, ownerId: userId });
    }
    return () => deleteStoredFiles(deps.storage, keys, deps.log);
  });
}
