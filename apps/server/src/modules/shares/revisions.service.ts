import type { CompareResponse, ShareRevision, ShareRevisionWithData } from '@arbor/contract';
import { countChanges, diffDocuments, type TreeDiff, type TreeDocument } from '@arbor/tree-core';
import type { Executor } from '../../db/connection.ts';
import type { Deps } from '../../deps.ts';
import { encodeAfter, readChainDocument, type ChainAccess } from '../../lib/delta-chain.ts';
import { notFound } from '../../lib/http-errors.ts';
import type { PageWindow } from '../../lib/pagination.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { requireVisibleShare } from './share-lookup.ts';
import * as repo from './revisions.repository.ts';
import { presentRevision } from './revisions.presenter.ts';

/*
 * Template revisions (API.md "Template history and suggestions"). Revision 1 is written with the
 * share itself (`insertShare`); every re-share records the next one here, stored as a forward delta
 * chain like tree versions (`lib/delta-chain.ts`). The current snapshot stays in `share_snapshots`,
 * the template page's read path; revisions are read only by the history.
 */

/**
 * The chains of `share_revisions`. Revisions are never deleted and are read rarely (history, compare),
 * so a chain may hold two snapshots' worth of deltas: 100 re-shares of a few dozen edits each then
 * cost about one snapshot plus their deltas instead of two or three snapshots.
 */
const revisionChains: ChainAccess<repo.RevisionMetaRow> = {
  chainPayloads: repo.findChainPayloads,
  chainSize: repo.chainSize,
  deltaBudget: 2,
};

/**
 * Records `document` as revision `revision` of a share (inside the re-sharing transaction, under the
 * source tree's lock), against `previous`, the document of the revision before (the share's current
 * snapshot). Returns what changed.
 */
export async function recordShareRevision(
  trx: Executor,
  fields: {
    shareId: number;
    revision: number;
    document: TreeDocument;
    previous: TreeDocument;
    message: string;
    createdAt: string;
  },
): Promise<TreeDiff> {
  const latest = await repo.findLatestRevision(trx, fields.shareId);
  const diff = diffDocuments(fields.previous, fields.document);
  const stored = await encodeAfter(trx, revisionChains, latest, fields.document, latest ? diff : undefined);
  await repo.insertRevision(trx, {
    share_id: fields.shareId,
    revision: fields.revision,
    message: fields.message,
    node_count: fields.document.nodes.length,
    ...countChanges(diff),
    created_at: fields.createdAt,
    ...stored,
  });
  return diff;
}

/**
 * The document of revision `revision` of a share, rebuilt from its chain (forks merging with their
 * template read their base revision so); undefined when the share has no such revision.
 */
export async function readRevisionDocument(
  db: Executor,
  shareId: number,
  revision: number,
): Promise<TreeDocument | undefined> {
  const row = await repo.findRevision(db, shareId, revision);
  return row && readChainDocument(db, revisionChains, row);
}

async function requireRevision(deps: Deps, shareId: number, revision: number): Promise<repo.RevisionMetaRow> {
  const row = await repo.findRevision(deps.db, shareId, revision);
  if (!row) throw notFound('No such revision.');
  return row;
}

/** A template's revisions, newest first. */
export async function listHistory(
  deps: Deps,
  viewer: AuthUser | null,
  idOrUuid: string,
  window: PageWindow,
): Promise<{ count: number; results: ShareRevision[] }> {
  const shareId = (await requireVisibleShare(deps.db, viewer, idOrUuid)).id;
  const { count, rows } = await repo.listRevisions(deps.db, shareId, {
    offset: window.offset,
    limit: window.pageSize,
  });
  return { count, results: rows.map(presentRevision) };
}

/** One revision of a template with its document, rebuilt from its chain. */
export async function getRevision(
  deps: Deps,
  viewer: AuthUser | null,
  idOrUuid: string,
  revision: number,
): Promise<ShareRevisionWithData> {
  const shareId = (await requireVisibleShare(deps.db, viewer, idOrUuid)).id;
  const row = await requireRevision(deps, shareId, revision);
  return { ...presentRevision(row), data: await readChainDocument(deps.db, revisionChains, row) };
}

/** What changed from revision `from` to revision `to` of a template (either way round). */
export async function compareRevisions(
  deps: Deps,
  viewer: AuthUser | null,
  idOrUuid: string,
  query: { from: number; to: number },
): Promise<CompareResponse> {
  const shareId = (await requireVisibleShare(deps.db, viewer, idOrUuid)).id;
  const [from, to] = await Promise.all([
    requireRevision(deps, shareId, query.from),
    requireRevision(deps, shareId, query.to),
  ]);
  const [before, after] = await Promise.all([
    readChainDocument(deps.db, revisionChains, from),
    readChainDocument(deps.db, revisionChains, to),
  ]);
  const diff = diffDocuments(before, after);
  return { changes: countChanges(diff), diff };
}
