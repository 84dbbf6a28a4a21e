/*
 * Version storage: forward delta chains (the chain logic is `lib/delta-chain.ts`, shared with template
 * revisions; this file keeps what only versions do: numbering and deletion).
 *
 * A version is stored either as a `snapshot` (the whole document as JSON) or as a `delta` (a
 * tree-core `TreeDiff` from the previous version of its chain). Every delta row carries the id of
 * the snapshot its chain starts from, so any version is rebuilt with ONE query (the snapshot plus
 * the deltas up to it, ordered by number) and one pass of `applyDiffs`, which patches a linked node
 * list in time proportional to the tree plus the deltas, not tree × deltas.
 *
 * A new version starts a new chain (is stored as a snapshot) when there is no previous version, when
 * the chain already holds MAX_CHAIN_LENGTH deltas, or when the chain's deltas would outweigh a full
 * snapshot — past that point a fresh snapshot is both quicker to replay and no dearer to store.
 * So storage grows with the size of the edits: 100 versions a few node edits apart cost about one
 * snapshot plus 99 small deltas.
 *
 * Version data is immutable, but its encoding is not: deleting a version re-encodes its successor
 * in the chain (a delta from the deleted version's predecessor, or a new snapshot when the deleted
 * version was the snapshot) inside the same transaction, so every other version reads back unchanged.
 */
import { diffDocuments, type TreeDocument } from '@arbor/tree-core';
import type { Executor } from '../../db/connection.ts';
import { byteSize, encodeAfter, readChainDocument, type ChainAccess } from '../../lib/delta-chain.ts';
import { allocateVersionNumber } from './trees.repository.ts';
import {
  chainSize,
  deleteVersionRow,
  findChainPayloads,
  findNextInChain,
  findPreviousInChain,
  findPreviousVersion,
  insertVersion,
  moveChain,
  rewriteVersionPayload,
  type VersionMetaRow,
} from './versions.repository.ts';

/** The chains of `tree_versions`. */
const versionChains: ChainAccess<VersionMetaRow> = { chainPayloads: findChainPayloads, chainSize };

/** Rebuilds the document of a stored version. */
export async function readVersionDocument(db: Executor, version: VersionMetaRow): Promise<TreeDocument> {
  return readChainDocument(db, versionChains, version);
}

/**
 * Stores `document` as version `number` of a tree (the number was just allocated under the tree's
 * row lock, so the previous version cannot change underneath). Returns the new version's id.
 */
async function storeVersion(
  db: Executor,
  fields: {
    treeId: number;
    number: number;
    document: TreeDocument;
    message: string;
    createdBy: number | null;
    createdAt: string;
  },
): Promise<number> {
  const previous = await findPreviousVersion(db, fields.treeId, fields.number);
  return insertVersion(db, {
    tree_id: fields.treeId,
    number: fields.number,
    message: fields.message,
    node_count: fields.document.nodes.length,
    created_by: fields.createdBy,
    created_at: fields.createdAt,
    ...(await encodeAfter(db, versionChains, previous, fields.document)),
  });
}

/** Deletes a version, re-encoding its successor in the chain so every other version reads back unchanged. */
export async function removeVersion(db: Executor, version: VersionMetaRow): Promise<void> {
  const next = await findNextInChain(db, version);
  if (next) {
    const nextDocument = await readVersionDocument(db, next);
    if (version.storage === 'snapshot') {
      const payload = JSON.stringify(nextDocument);
      await moveChain(db, version.id, next.id);
      await rewriteVersionPayload(db, next.id, {
        storage: 'snapshot',
        snapshot_id: null,
        payload,
        payload_bytes: byteSize(payload),
      });
    } else {
      const previous = await findPreviousInChain(db, version);
      if (!previous) throw new Error(`version ${version.id} has no predecessor in its chain`);
      const payload = JSON.stringify(diffDocuments(await readVersionDocument(db, previous), nextDocument));
      await rewriteVersionPayload(db, next.id, {
        storage: 'delta',
        snapshot_id: next.snapshot_id,
        payload,
        payload_bytes: byteSize(payload),
      });
    }
  }
  await deleteVersionRow(db, version.id);
}

/** Records `document` as the next version of a tree (numbers from 1, no gaps); returns its id and number. */
export async function recordVersion(
  db: Executor,
  treeId: number,
  document: TreeDocument,
  fields: { message: string; createdBy: number | null; createdAt: string },
): Promise<{ id: number; number: number }> {
  const number = await allocateVersionNumber(db, treeId);
  const id = await storeVersion(db, { treeId, number, document, ...fields });
  return { id, number };
}
