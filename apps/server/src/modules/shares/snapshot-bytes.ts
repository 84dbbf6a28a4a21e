// Template snapshots kept per process as the bytes the template detail answers (issue 29's throughput):
// the detail's statement reads the share's row without its snapshot, and the snapshot's text is read and
// encoded once per revision.
import type { TreeDocument } from '@arbor/tree-core';
import type { CommunityCaches, Deps } from '../../deps.ts';
import { RevisionCache } from '../../lib/cache/revision-cache.ts';
import { parseStoredDocument } from '../trees/index.ts';
import { findSnapshotWithRevision } from './shares.repository.ts';

/** A snapshot as the detail answers it; parsed only when a node has an image (its URLs are looked up). */
export interface KeptSnapshot {
  bytes: Buffer;
  document: TreeDocument | null;
}

declare module '../../deps.ts' {
  interface CommunityCaches {
    /** template snapshots by share id, stamped with the share's uuid and revision */
    snapshots: RevisionCache<KeptSnapshot>;
  }
}

/** How many bytes of snapshots an app keeps (a parsed one counts three times its text). */
const CACHED_SNAPSHOT_BYTES = 64 * 1024 * 1024;

export const createSnapshotCache = (): CommunityCaches['snapshots'] =>
  new RevisionCache<KeptSnapshot>(CACHED_SNAPSHOT_BYTES, 2000);

const HAS_IMAGE = /"image_id":\s*\d/;

/**
 * The snapshot of `share` as it was at `share.revision`; null when the share was revised since `share`
 * was read. Every snapshot change bumps the revision in the database, so a revision made by any process
 * is never answered from what this one kept.
 */
export async function readSnapshot(
  deps: Deps,
  share: { id: number; uuid: string; revision: number },
): Promise<KeptSnapshot | null> {
  const cache = deps.caches.community.snapshots;
  const stamp = `${share.uuid}:${share.revision}`;
  const kept = cache.get(share.id, stamp);
  if (kept) return kept;
  const stored = await findSnapshotWithRevision(deps.db, share.id);
  if (!stored || stored.revision !== share.revision) return null;
  const bytes = Buffer.from(stored.data);
  const document = HAS_IMAGE.test(stored.data) ? parseStoredDocument(stored.data) : null;
  const snapshot = { bytes, document };
  cache.set(share.id, stamp, snapshot, bytes.length * (document ? 3 : 1));
  return snapshot;
}
