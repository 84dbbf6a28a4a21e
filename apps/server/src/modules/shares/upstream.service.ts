import type { Locale, UpstreamPreview } from '@arbor/contract';
import { formatMessage } from '../../lib/messages/index.ts';
import {
  countChanges,
  diffDocuments,
  mergeDocuments,
  type MergeResolution,
  type TreeDocument,
  type TreeLimits,
} from '@arbor/tree-core';
import type { Deps } from '../../deps.ts';
import { AppError, conflict, notFound } from '../../lib/http-errors.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import {
  getForkOrigin,
  getTreeDocumentForOwner,
  syncWorkingCopy,
  withSourceImages,
  type UpstreamMerge,
} from '../trees/index.ts';
import { findShare } from './shares.repository.ts';
import { changedNodes, conflictNodes } from './merge-conflicts.ts';
import { readRevisionDocument } from './revisions.service.ts';

/*
 * Template updates for forks (API.md): a tree made by `use_tree` remembers its template and the
 * revision it was last merged with (the base); a sync merges the template's latest revision into
 * the working copy with tree-core's three-way merge and saves it through the trees module's save.
 * This lives in the community module because it reads template revisions; the tree side (the lock,
 * the If-Match check, the save and the version) is the trees module's `syncWorkingCopy`. A fork has
 * its own copies of the template's images: both sides are compared in the template's image ids (the
 * trees module's `withSourceImages`), so the copies are not changes of the fork's owner.
 */

const NO_UPSTREAM = 'This tree was not made from a community template.';
const UNAVAILABLE = 'The template this tree was made from is no longer available.';

/** What a fork is merged with: the template now, its document at the fork's base revision and now. */
interface TemplateSides {
  /** `treeId`: the template's source tree, whose images its documents show (null once deleted) */
  share: { id: number; title: string; revision: number; treeId: number | null };
  baseRevision: number;
  base: TreeDocument;
  theirs: TreeDocument;
}

/** The fork's template: 404 when the tree has none, 409 when it was withdrawn or hidden. */
async function loadTemplateSides(
  deps: Deps,
  origin: { shareId: number | null; baseRevision: number | null },
): Promise<TemplateSides> {
  if (origin.shareId === null || origin.baseRevision === null) throw notFound(NO_UPSTREAM);
  const share = await findShare(deps.db, String(origin.shareId));
  if (!share || share.hidden !== 0) throw conflict(UNAVAILABLE);
  // The current snapshot is the latest revision; only an older base is rebuilt from the chain.
  const theirs = JSON.parse(share.data) as TreeDocument;
  const base =
    origin.baseRevision === share.revision
      ? theirs
      : await readRevisionDocument(deps.db, share.id, origin.baseRevision);
  if (!base) throw conflict(UNAVAILABLE);
  return {
    share: { id: share.id, title: share.title, revision: share.revision, treeId: share.tree_id },
    baseRevision: origin.baseRevision,
    base,
    theirs,
  };
}

/** `GET …/{id}/upstream/`: what a sync would bring in, what the owner changed, and where they collide. */
export async function previewUpstream(deps: Deps, viewer: AuthUser, treeId: number): Promise<UpstreamPreview> {
  const { tree, document: mine } = await getTreeDocumentForOwner(deps, viewer, treeId);
  // In the template's image ids, as base and theirs (a copy of a template image is no change).
  const document = await withSourceImages(deps.db, treeId, mine);
  const sides = await loadTemplateSides(deps, {
    shareId: tree.upstream_share_id,
    baseRevision: tree.upstream_base_revision,
  });
  const { conflicts } = mergeDocuments(sides.base, document, sides.theirs);
  const upstream = diffDocuments(sides.base, sides.theirs);
  const local = diffDocuments(sides.base, document);
  return {
    base_revision: sides.baseRevision,
    latest_revision: sides.share.revision,
    upstream_changes: countChanges(upstream),
    local_changes: countChanges(local),
    upstream_nodes: changedNodes(sides.theirs, upstream),
    local_nodes: changedNodes(document, local),
    conflicts: conflictNodes(conflicts),
  };
}

/**
 * `POST …/{id}/sync_upstream/`: merges the template's latest revision into the owner's working copy
 * (base: the template at the tree's base revision). Unresolved conflicts answer 409 with `conflicts`
 * and write nothing; otherwise the merge is saved like any save, recorded as a version when it
 * changed something, and the latest revision becomes the base.
 */
export async function syncWithUpstream(
  deps: Deps,
  viewer: AuthUser,
  treeId: number,
  input: {
    resolve?: MergeResolution;
    message?: string;
    /** the caller's language: the recorded version's default name */
    locale?: Locale;
    expectedRevision?: number;
    limits: TreeLimits;
  },
) {
  const sides = await loadTemplateSides(deps, await getForkOrigin(deps, viewer, treeId));
  return syncWorkingCopy(
    deps,
    viewer,
    treeId,
    { expectedRevision: input.expectedRevision, limits: input.limits, imagesFrom: sides.share.treeId },
    (fork): UpstreamMerge => {
      // Another sync (or nothing else: only syncs move the base) got in first: merging against the
      // base read before it would be wrong.
      if (fork.upstreamShareId !== sides.share.id || fork.baseRevision !== sides.baseRevision) {
        throw conflict('The tree was synced with its template meanwhile; try again.');
      }
      const merged = mergeDocuments(sides.base, fork.document, sides.theirs, input.resolve ?? {});
      if (merged.conflicts.length > 0) {
        throw new AppError(
          409,
          'conflict',
          'Some nodes were changed both here and in the template: choose a side for each.',
          undefined,
          { conflicts: conflictNodes(merged.conflicts) },
        );
      }
      return {
        document: merged.document,
        baseRevision: sides.share.revision,
        title: sides.share.title,
        message:
          input.message ??
          formatMessage('Synced with template revision {revision}', input.locale ?? 'en-US', {
            revision: String(sides.share.revision),
          }),
      };
    },
  );
}
