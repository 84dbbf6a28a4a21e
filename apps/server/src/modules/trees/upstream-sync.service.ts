import type { ChangeCounts } from '@arbor/contract';
import { countChanges, diffDocuments, isEmptyDiff, type TreeDocument, type TreeLimits } from '@arbor/tree-core';
import type { Deps } from '../../deps.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { staleRevision } from './revision.ts';
import { checkTreeDocument, parseStoredDocument } from './tree-document.ts';
import { authorizeOwnTree } from './trees.policy.ts';
import {
  findTreeData,
  findTreeMetaById,
  findTreeMetaForUpdate,
  setUpstreamBase,
  updateTree,
  type TreeListRow,
} from './trees.repository.ts';
import { withForkImages, withSourceImages } from './node-image-copies.ts';
import { deletingFilesOnFailure } from './stored-files.ts';
import { recordVersion } from './version-storage.ts';
import { findVersionById, type VersionMetaRow } from './versions.repository.ts';

/**
 * A fork's working copy as a sync finds it under the tree's lock, its copies of the template's images
 * named by the template's ids (`withSourceImages`), as in the template's revisions.
 */
export interface ForkState {
  document: TreeDocument;
  upstreamShareId: number | null;
  baseRevision: number | null;
}

/** What a sync makes of a fork: its new working copy, merged with template revision `baseRevision`. */
export interface UpstreamMerge {
  document: TreeDocument;
  baseRevision: number;
  /** the template's title now */
  title: string;
  /** message of the version recorded when the working copy changed */
  message: string;
}

export interface UpstreamSyncResult {
  tree: TreeListRow;
  /** the version recorded, or null when the working copy did not change */
  version: VersionMetaRow | null;
  applied: ChangeCounts;
}

/** The template a tree of the viewer's was forked from and its base revision (nulls when none); 404 for anyone but the owner. */
export async function getForkOrigin(
  deps: Deps,
  viewer: AuthUser,
  treeId: number,
): Promise<{ shareId: number | null; baseRevision: number | null }> {
  const tree = authorizeOwnTree(viewer, await findTreeMetaById(deps.db, treeId));
  return { shareId: tree.upstream_share_id, baseRevision: tree.upstream_base_revision };
}

/**
 * Replaces the owner's working copy with what `merge` makes of it (the caller's three-way merge with
 * the template), in one transaction under the tree's lock: 412 when `expectedRevision` is stale, 404
 * for anyone but the owner. The merge's image ids are the template's: each becomes the fork's copy of
 * that image of `imagesFrom` (the template's source tree), copied now when the fork has none yet
 * (`withForkImages`). The new working copy is checked and saved like any save (revision bumped)
 * and recorded as a version, only when it changed; the template revision it was merged with becomes
 * the tree's base either way. `merge` may throw: nothing is written then (nor
 * left stored: files copied for a sync that fails are deleted).
 */
export async function syncWorkingCopy(
  deps: Deps,
  viewer: AuthUser,
  treeId: number,
  options: { expectedRevision?: number; limits: TreeLimits; imagesFrom: number | null },
  merge: (fork: ForkState) => UpstreamMerge,
): Promise<UpstreamSyncResult> {
  return deletingFilesOnFailure(deps, (copiedFiles) =>
    deps.db.transaction().execute(async (trx) => {
      const tree = authorizeOwnTree(viewer, await findTreeMetaForUpdate(trx, deps.dialect, treeId));
      if (options.expectedRevision !== undefined && tree.revision !== options.expectedRevision) {
        throw staleRevision(tree.revision);
      }
      const stored = (await findTreeData(trx, treeId))!;
      const mine = parseStoredDocument(stored.data);
      const merged = merge({
        document: await withSourceImages(trx, treeId, mine),
        upstreamShareId: tree.upstream_share_id,
        baseRevision: tree.upstream_base_revision,
      });
      const images = { from: options.imagesFrom, to: treeId, ownerId: tree.owner_id };
      const document = await withForkImages(deps, trx, images, merged.document, copiedFiles);
      const diff = diffDocuments(mine, document);
      let version: VersionMetaRow | null = null;
      if (!isEmptyDiff(diff)) {
        const checked = checkTreeDocument(document, options.limits);
        await updateTree(
          trx,
          treeId,
          { data: checked.json, node_count: checked.nodeCount, updated_at: deps.clock.nowIso() },
          { bumpRevision: true },
        );
        const { id } = await recordVersion(trx, treeId, checked.document, {
          message: merged.message,
          createdBy: viewer.id,
          createdAt: deps.clock.nowIso(),
        });
        version = (await findVersionById(trx, id))!;
      }
      await setUpstreamBase(trx, treeId, { revision: merged.baseRevision, title: merged.title });
      return { tree: (await findTreeMetaById(trx, treeId))!, version, applied: countChanges(diff) };
    }),
  );
}
