import type { Locale, VersionCreateBody } from '@arbor/contract';
import { formatMessage } from '../../lib/messages/index.ts';
import type { TreeDocument, TreeLimits } from '@arbor/tree-core';
import type { Executor, Trx } from '../../db/connection.ts';
import type { Deps } from '../../deps.ts';
import { invalid, notFound } from '../../lib/http-errors.ts';
import type { PageWindow } from '../../lib/pagination.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { staleRevision } from './revision.ts';
import { checkTreeDocument, parseStoredDocument, storableDocument, type CheckedDocument } from './tree-document.ts';
import { authorizeEditTree, authorizeOwnTree, authorizeViewTree } from './trees.policy.ts';
import { findTreeData, findTreeMetaById, findTreeMetaByUuid, lockTree, type TreeListRow } from './trees.repository.ts';
import { getTreeForEditor, saveWorkingCopy } from './trees.service.ts';
import { readVersionDocument, recordVersion, removeVersion } from './version-storage.ts';
import {
  findVersionById,
  findVersionByNumber,
  listVersions,
  updateVersionMessage,
  type VersionMetaRow,
} from './versions.repository.ts';

interface VersionWithDocument {
  version: VersionMetaRow;
  document: TreeDocument;
  /** the tree's revision after the call (an ETag for writes) */
  revision: number;
}

/** Versions of the caller's own tree, newest first (others' trees: 404). */
export async function listTreeVersions(deps: Deps, viewer: AuthUser, treeId: number, window: PageWindow) {
  authorizeOwnTree(viewer, await findTreeMetaById(deps.db, treeId));
  return listVersions(deps.db, treeId, { offset: window.offset, limit: window.pageSize });
}

/** Records a new version in one transaction, optionally replacing the working copy first. */
async function recordWithWorkingCopy(
  deps: Deps,
  tree: TreeListRow,
  replacement: CheckedDocument | null,
  fields: { message: string; createdBy: number; expectedRevision?: number },
): Promise<VersionWithDocument> {
  return deps.db.transaction().execute(async (trx) => {
    let revision = tree.revision;
    let document: TreeDocument;
    if (replacement) {
      revision = await saveWorkingCopy(deps, trx, tree.id, replacement, fields.expectedRevision);
      document = replacement.document;
    } else {
      // Re-read inside the transaction: the snapshot must be of the working copy as it is now.
      const current = (await findTreeData(trx, tree.id))!;
      if (fields.expectedRevision !== undefined && current.revision !== fields.expectedRevision) {
        throw staleRevision(current.revision);
      }
      revision = current.revision;
      document = parseStoredDocument(current.data);
    }
    const { id } = await recordVersion(trx, tree.id, document, {
      message: fields.message,
      createdBy: fields.createdBy,
      createdAt: deps.clock.nowIso(),
    });
    return { version: (await findVersionById(trx, id))!, document, revision };
  });
}

/**
 * Another module's save of a tree, inside its transaction (which holds the tree's lock, see
 * `lockWorkingCopyIn`): checks `document` as every save does (400 naming the node, 413 over the
 * limits), makes it the working copy and records it as a new version with `message`, as
 * `POST skills_tree_version/` with `data` does. Returns the tree's new revision, the version's number and the document as stored.
 */
export async function saveVersionIn(
  deps: Deps,
  trx: Trx,
  treeId: number,
  document: unknown,
  fields: { message: string; createdBy: number },
): Promise<{ revision: number; version: number; document: TreeDocument }> {
  const limits = { maxNodes: deps.config.limits.treeMaxNodes, maxBytes: deps.config.limits.treeMaxBytes };
  const checked = checkTreeDocument(document, limits);
  const revision = await saveWorkingCopy(deps, trx, treeId, checked);
  const { number } = await recordVersion(trx, treeId, checked.document, {
    ...fields,
    createdAt: deps.clock.nowIso(),
  });
  return { revision, version: number, document: checked.document };
}

/** `POST skills_tree_version/`: a snapshot of the working copy, or of `data`, which then also becomes the working copy. */
export async function createVersion(
  deps: Deps,
  viewer: AuthUser,
  body: VersionCreateBody,
  limits: TreeLimits,
  expectedRevision?: number,
): Promise<VersionWithDocument> {
  const tree = await getTreeForEditor(deps, viewer, body.tree);
  const replacement = body.data === undefined ? null : checkTreeDocument(body.data, limits);
  return recordWithWorkingCopy(deps, tree, replacement, {
    message: body.message ?? '',
    createdBy: viewer.id,
    expectedRevision,
  });
}

/** A version whose tree the viewer may see, with its tree. */
async function visibleVersion(
  db: Executor,
  viewer: AuthUser,
  id: number,
): Promise<{ version: VersionMetaRow; tree: TreeListRow }> {
  const version = await findVersionById(db, id);
  const tree = version && (await findTreeMetaById(db, version.tree_id));
  authorizeViewTree(viewer, tree);
  return { version: version!, tree: tree! };
}

/** A version of the viewer's own tree (404 when not visible, 403 when visible but not owned). */
async function editableVersion(
  db: Executor,
  viewer: AuthUser,
  id: number,
): Promise<{ version: VersionMetaRow; tree: TreeListRow }> {
  const found = await visibleVersion(db, viewer, id);
  authorizeEditTree(viewer, found.tree);
  return found;
}

/** A version of a tree the viewer may see, with its data. */
export async function getVersion(
  deps: Deps,
  viewer: AuthUser,
  id: number,
): Promise<{ version: VersionMetaRow; document: TreeDocument }> {
  const { version } = await visibleVersion(deps.db, viewer, id);
  return { version, document: await readVersionDocument(deps.db, version) };
}

/** Only the message of a version can change; its data never does. */
export async function renameVersion(
  deps: Deps,
  viewer: AuthUser,
  id: number,
  message: string,
): Promise<VersionMetaRow> {
  const { version } = await editableVersion(deps.db, viewer, id);
  await updateVersionMessage(deps.db, id, message);
  return { ...version, message };
}

/** Deletes a version other than the latest (400 for the latest: the history must keep its head). */
export async function deleteVersion(deps: Deps, viewer: AuthUser, id: number): Promise<void> {
  const { version: found } = await editableVersion(deps.db, viewer, id);
  await deps.db.transaction().execute(async (trx) => {
    // Under the tree's lock, re-read: a version recorded meanwhile may have changed which one is latest.
    await lockTree(trx, found.tree_id);
    const { version, tree } = await editableVersion(trx, viewer, id);
    if (version.number === tree.latest_version) throw invalid('The latest version cannot be deleted.');
    await removeVersion(trx, version);
  });
}

/**
 * Makes a version's data the working copy again, recorded as a new version; without a `message`
 * it is named "Rollback to version n" in `locale` (the caller's language).
 */
export async function rollbackToVersion(
  deps: Deps,
  viewer: AuthUser,
  id: number,
  message: string | undefined,
  locale: Locale = 'en-US',
): Promise<VersionWithDocument> {
  const { version, tree } = await editableVersion(deps.db, viewer, id);
  const replacement = storableDocument(await readVersionDocument(deps.db, version));
  return recordWithWorkingCopy(deps, tree, replacement, {
    message: message ?? formatMessage('Rollback to version {number}', locale, { number: String(version.number) }),
    createdBy: viewer.id,
  });
}

async function versionOfTree(
  db: Executor,
  tree: TreeListRow,
  number: number | null | undefined,
): Promise<{ version: VersionMetaRow; document: TreeDocument }> {
  const version = await findVersionByNumber(db, tree.id, number ?? tree.latest_version ?? 0);
  if (!version) throw notFound('Version not found.');
  return { version, document: await readVersionDocument(db, version) };
}

/** The newest version of a tree the viewer may see. */
export async function latestVersion(deps: Deps, viewer: AuthUser, treeId: number) {
  const tree = authorizeViewTree(viewer, await findTreeMetaById(deps.db, treeId));
  return versionOfTree(deps.db, tree, tree.latest_version);
}

/** Version `number` (the latest when absent) of the tree with that uuid, when the viewer may see it. */
export async function versionByTreeUuid(deps: Deps, viewer: AuthUser, uuid: string, number?: number) {
  const tree = authorizeViewTree(viewer, await findTreeMetaByUuid(deps.db, uuid));
  return versionOfTree(deps.db, tree, number);
}
