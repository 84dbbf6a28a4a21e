/*
 * Forward delta chains of tree documents, shared by tree versions and template revisions.
 *
 * An entry is stored either as a `snapshot` (the whole document as JSON) or as a `delta` (a
 * tree-core `TreeDiff` from the previous entry of its chain). Every delta carries the id of the
 * snapshot its chain starts from, so any entry is rebuilt with ONE query (the snapshot plus the deltas
 * up to it, in order) and one pass of `applyDiffs`, in time proportional to the tree plus the deltas.
 *
 * A new entry starts a new chain (is stored as a snapshot) when there is no previous entry, when the
 * chain already holds MAX_CHAIN_LENGTH deltas, or when the chain's deltas would outweigh a full
 * snapshot (or `deltaBudget` of them): past that point a fresh snapshot is quicker to replay and
 * hardly dearer to store.
 *
 * The table behind a chain is the caller's: it hands in a `ChainAccess` that reads its rows.
 */
import { applyDiffs, diffDocuments, type TreeDiff, type TreeDocument } from '@arbor/tree-core';
import type { Executor } from '../db/connection.ts';

/** Longest delta chain: bounds the work of rebuilding the oldest entry of a chain. */
export const MAX_CHAIN_LENGTH = 100;

export type ChainStorage = 'snapshot' | 'delta';

/** Where an entry sits in its chain. */
export interface ChainEntry {
  id: number;
  storage: ChainStorage;
  /** for deltas, the id of the snapshot their chain starts from */
  snapshot_id: number | null;
}

/** How an entry is stored: the columns a chain's table holds besides its own. */
export interface StoredPayload {
  storage: ChainStorage;
  snapshot_id: number | null;
  payload: string;
  payload_bytes: number;
}

/** Reads of one table's chains. */
export interface ChainAccess<E extends ChainEntry> {
  /** payloads needed to rebuild `entry`: its chain's snapshot, then every delta up to it, in order */
  chainPayloads(db: Executor, entry: E): Promise<Array<{ storage: ChainStorage; payload: string }>>;
  /** how long a snapshot's delta chain is, in entries and stored bytes */
  chainSize(db: Executor, snapshotId: number): Promise<{ length: number; bytes: number }>;
  /**
   * how many snapshots' worth of deltas a chain may hold before a new snapshot starts it over (1 when
   * absent): more trades replay work for storage
   */
  deltaBudget?: number;
}

const encoder = new TextEncoder();
/** UTF-8 size of a stored payload. */
export const byteSize = (text: string) => encoder.encode(text).length;

/** Rebuilds the document of a stored entry. */
export async function readChainDocument<E extends ChainEntry>(
  db: Executor,
  access: ChainAccess<E>,
  entry: E,
): Promise<TreeDocument> {
  const [first, ...rest] = await access.chainPayloads(db, entry);
  if (!first || first.storage !== 'snapshot') throw new Error(`entry ${entry.id} has no snapshot to start from`);
  const base = JSON.parse(first.payload) as TreeDocument;
  return applyDiffs(
    base,
    rest.map((row) => JSON.parse(row.payload) as TreeDiff),
  );
}

/** `document` stored whole. */
export function snapshotPayload(document: TreeDocument): StoredPayload {
  const payload = JSON.stringify(document);
  return { storage: 'snapshot', snapshot_id: null, payload, payload_bytes: byteSize(payload) };
}

/**
 * How to store `document` as the entry after `previous` (the newest entry of the same owner, or none):
 * a delta on `previous`'s chain while that chain stays short and lighter than a snapshot, else a
 * snapshot that starts a new chain. `diff` (from `previous`'s document to `document`) saves
 * rebuilding `previous` when the caller has it already.
 */
export async function encodeAfter<E extends ChainEntry>(
  db: Executor,
  access: ChainAccess<E>,
  previous: E | undefined,
  document: TreeDocument,
  diff?: TreeDiff,
): Promise<StoredPayload> {
  const snapshot = snapshotPayload(document);
  if (!previous) return snapshot;
  const snapshotId = previous.snapshot_id ?? previous.id;
  const delta = JSON.stringify(diff ?? diffDocuments(await readChainDocument(db, access, previous), document));
  const deltaBytes = byteSize(delta);
  const chain = await access.chainSize(db, snapshotId);
  const budget = (access.deltaBudget ?? 1) * snapshot.payload_bytes;
  if (chain.length < MAX_CHAIN_LENGTH && chain.bytes + deltaBytes <= budget) {
    return { storage: 'delta', snapshot_id: snapshotId, payload: delta, payload_bytes: deltaBytes };
  }
  return snapshot;
}
