// Tree documents kept per process as the bytes a tree GET answers: reading a 200-node document's 40 KB
// from the database and decoding it into a string was most of that read's work (issue 29's throughput).
import type { Deps, TreesCaches } from '../../deps.ts';
import { RevisionCache } from '../../lib/cache/revision-cache.ts';
import { findTreeData } from './trees.repository.ts';

declare module '../../deps.ts' {
  interface TreesCaches {
    /** a tree's stored working copy as UTF-8 bytes, by tree id, stamped with its uuid and revision */
    documents: RevisionCache<Buffer>;
  }
}

/** How many bytes of documents an app keeps: 64 MB (1,600 trees of 200 nodes, or a dozen at the 5 MB limit). */
const CACHED_DOCUMENT_BYTES = 64 * 1024 * 1024;

export const createTreesCaches = (): TreesCaches => ({
  documents: new RevisionCache<Buffer>(CACHED_DOCUMENT_BYTES, 2000),
});

/**
 * The stored working copy of `tree` as it was at `tree.revision`, as UTF-8 bytes; null when the tree
 * was written since `tree` was read (the caller then reads the row again). Every document write bumps
 * the revision in the database, so a save by any process is never answered from what this one kept.
 */
export async function readDocumentBytes(
  deps: Deps,
  tree: { id: number; uuid: string; revision: number },
): Promise<Buffer | null> {
  const cache = deps.caches.trees.documents;
  const stamp = `${tree.uuid}:${tree.revision}`;
  const kept = cache.get(tree.id, stamp);
  if (kept) return kept;
  const stored = await findTreeData(deps.db, tree.id);
  if (!stored || stored.revision !== tree.revision) return null;
  const bytes = Buffer.from(stored.data);
  cache.set(tree.id, stamp, bytes, bytes.length);
  return bytes;
}
