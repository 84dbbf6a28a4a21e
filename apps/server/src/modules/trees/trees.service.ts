import { randomUUID } from 'node:crypto';
import type { TreeListQuery, TreeUpdateBody, TreeVisibility } from '@arbor/contract';
import { createTreeDocument, DEFAULT_TREE_LIMITS, type TreeDocument, type TreeLimits } from '@arbor/tree-core';
import type { Trx } from '../../db/connection.ts';
import type { Deps } from '../../deps.ts';
import { notFound } from '../../lib/http-errors.ts';
import type { PageWindow } from '../../lib/pagination.ts';
import type { AuthUser, SessionRead } from '../../plugins/auth.ts';
import { imageKeysOfTree } from './node-images.repository.ts';
import { staleRevision } from './revision.ts';
import { copyDocumentImages } from './node-image-copies.ts';
import { deleteStoredFiles, deletingFilesOnFailure } from './stored-files.ts';
import { checkTreeDocument, parseStoredDocument, storableDocument, type CheckedDocument } from './tree-document.ts';
import { authorizeEditTree, authorizeOwnTree, authorizeViewTree } from './trees.policy.ts';
import { readDocumentBytes } from './document-bytes.ts';
import {
  deleteTreeRow,
  findTreeById,
  findTreeByUuid,
  findTreeMetaWithTokenUser,
  findTreeData,
  findTreeMetaById,
  findTreeMetaByUuid,
  findTreeMetaForUpdate,
  findTreeRevisionForUpdate,
  insertTree,
  listTrees,
  lockTree,
  updateTree,
  type TreeFieldsUpdate,
  type TreeListRow,
  type TreeRow,
} from './trees.repository.ts';
import { readVersionDocument, recordVersion } from './version-storage.ts';
import { findVersionByNumber } from './versions.repository.ts';

/** Matching is case-insensitive; `|` separates tags in `tag_key`, so it cannot be part of one. */
const tagMatchKey = (tag: string) => tag.trim().toLowerCase().replace(/\|/g, ' ');

/** Drops repeated tags (compared case-insensitively), keeping the first spelling. */
function uniqueTags(tags: string[]): string[] {
  const seen = new Set<string>();
  return tags.filter((tag) => {
    const key = tagMatchKey(tag);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function describedFields(title: string, description: string, tags: string[]) {
  return {
    title,
    description,
    tags: JSON.stringify(tags),
    tag_key: `|${tags.map(tagMatchKey).join('|')}|`,
    search_text: [title, description, ...tags].join('\n').toLowerCase(),
  };
}

export interface NewTree {
  title: string;
  description?: string;
  tags?: string[];
  visibility?: TreeVisibility;
  /** a tree document from the client or another feature; a one-node tree when absent */
  data?: unknown;
  /** message of version 1 */
  message?: string;
  limits?: TreeLimits;
  /** the template (and its revision) the document was copied from: `use_tree` */
  upstream?: TreeUpstreamOrigin;
  /**
   * the tree whose images the document references (a template's source tree; null when it was
   * deleted): those are copied into the new tree, and references to any other image become null.
   * Absent: the document's image ids are kept as they are.
   */
  imagesFrom?: number | null;
}

/** A template revision a tree's document was copied from. */
export interface TreeUpstreamOrigin {
  shareId: number;
  shareUuid: string;
  title: string;
  revision: number;
}

/**
 * Creates a tree owned by `ownerId` (document checked against the limits) and records it as version
 * 1, copying the images of `imagesFrom` it shows, all in one transaction (copied files are deleted
 * when it fails); returns the tree id.
 */
export async function createTreeFromDocument(deps: Deps, ownerId: number, input: NewTree): Promise<number> {
  return deletingFilesOnFailure(deps, (stored) =>
    deps.db.transaction().execute(async (trx) => (await createTreeIn(deps, trx, ownerId, input, stored)).id),
  );
}

/**
 * `createTreeFromDocument` inside the caller's transaction `trx` (the Anki importer makes a tree and
 * its cards all or nothing); files copied for `imagesFrom` are added to `stored`, for the caller to
 * delete when its transaction fails. Answers the new tree's id and uuid.
 */
export async function createTreeIn(
  deps: Deps,
  trx: Trx,
  ownerId: number,
  input: NewTree,
  stored: string[] = [],
): Promise<{ id: number; uuid: string }> {
  const checked =
    input.data === undefined
      ? storableDocument(createTreeDocument(input.title))
      : checkTreeDocument(input.data, input.limits ?? DEFAULT_TREE_LIMITS);
  const now = deps.clock.nowIso();
  const uuid = randomUUID();
  const id = await insertTree(trx, {
    uuid,
    owner_id: ownerId,
    ...describedFields(input.title, input.description ?? '', uniqueTags(input.tags ?? [])),
    visibility: input.visibility ?? 'private',
    data: checked.json,
    node_count: checked.nodeCount,
    revision: 1,
    latest_version: null,
    created_at: now,
    updated_at: now,
    upstream_share_id: input.upstream?.shareId ?? null,
    upstream_share_uuid: input.upstream?.shareUuid ?? null,
    upstream_title: input.upstream?.title ?? null,
    upstream_base_revision: input.upstream?.revision ?? null,
  });
  // The copies' rows need the tree's id: the working copy is rewritten once they exist, and checked
  // again (the copies' ids may make it longer).
  const document =
    input.imagesFrom === undefined
      ? checked.document
      : await copyDocumentImages(deps, trx, { from: input.imagesFrom, to: id, ownerId }, checked.document, stored);
  if (document !== checked.document) {
    const limits = input.limits ?? DEFAULT_TREE_LIMITS;
    await updateTree(trx, id, { data: checkTreeDocument(document, limits).json }, { bumpRevision: false });
  }
  await recordVersion(trx, id, document, { message: input.message ?? '', createdBy: ownerId, createdAt: now });
  return { id, uuid };
}

/** The tree with that uuid when `viewer` owns it (its id, uuid and title); 404 otherwise. */
export async function findOwnTreeByUuid(
  deps: Deps,
  viewer: AuthUser,
  uuid: string,
): Promise<{ id: number; uuid: string; title: string }> {
  const tree = authorizeOwnTree(viewer, await findTreeMetaByUuid(deps.db, uuid));
  return { id: tree.id, uuid: tree.uuid, title: tree.title };
}

/** Lists the caller's own trees with search, tags and ordering. */
export async function listOwnTrees(deps: Deps, viewer: AuthUser, query: TreeListQuery, window: PageWindow) {
  const terms = (query.search ?? '').toLowerCase().split(/\s+/).filter(Boolean).slice(0, 10);
  const tags = (query.tags ?? '').split(',').map(tagMatchKey).filter(Boolean).slice(0, 10);
  return listTrees(
    deps.db,
    { ownerId: viewer.id, terms, tags, ordering: query.ordering ?? '-updated_at' },
    { offset: window.offset, limit: window.pageSize },
  );
}

/** A tree the viewer may see (owner, or not private), else 404. */
export async function getTreeForViewer(deps: Deps, viewer: AuthUser, id: number): Promise<TreeRow> {
  return authorizeViewTree(viewer, await findTreeById(deps.db, id));
}

/**
 * The tree with that id or uuid when the viewer may see it (as `getTreeForViewer`), for a route that reads the caller's session
 * with the tree's row in one statement (`config: { sessionInRead: true }`): 401 for a session that ended, then 404
 * when the caller may not see the tree. Its document comes as the bytes this process keeps for the tree's revision
 * (`document-bytes.ts`), or, when the tree was saved between the two reads, with the row read again.
 */
export async function getTreeWithSession(
  deps: Deps,
  ref: { id: number } | { uuid: string },
  readSession: SessionRead,
): Promise<{ tree: TreeListRow; document: Buffer | string }> {
  const { user, row } = await readSession((userId) => findTreeMetaWithTokenUser(deps.db, deps.dialect, ref, userId));
  const tree = authorizeViewTree(user, row);
  const bytes = await readDocumentBytes(deps, tree);
  if (bytes) return { tree, document: bytes };
  const current = authorizeViewTree(user, await findTreeById(deps.db, tree.id));
  return { tree: current, document: current.data };
}

/** A tree (without its document) only its owner may change: 404 when not visible, 403 when visible but not owned. */
export async function getTreeForEditor(deps: Deps, viewer: AuthUser, id: number): Promise<TreeListRow> {
  return authorizeEditTree(viewer, await findTreeMetaById(deps.db, id));
}

/**
 * Saves a new working copy inside the caller's transaction, under the tree's lock: bumps the
 * revision, or answers 412 with the current revision when `expectedRevision` is stale. Returns the
 * new revision.
 */
export async function saveWorkingCopy(
  deps: Deps,
  trx: Trx,
  treeId: number,
  checked: CheckedDocument,
  expectedRevision?: number,
): Promise<number> {
  const current = await findTreeRevisionForUpdate(trx, deps.dialect, treeId);
  if (!current) throw staleRevision(0);
  if (expectedRevision !== undefined && current.revision !== expectedRevision) throw staleRevision(current.revision);
  const revision = await updateTree(
    trx,
    treeId,
    { data: checked.json, node_count: checked.nodeCount, updated_at: deps.clock.nowIso() },
    { bumpRevision: true },
  );
  return revision;
}

/**
 * Applies a PUT/PATCH of the owner: any described field, and `data` as the new working copy. The
 * patch is merged onto the row as it is under the tree's lock, so concurrent patches of different
 * fields (tags in one, the title in another) never drop each other's change.
 */
export async function updateOwnTree(
  deps: Deps,
  viewer: AuthUser,
  id: number,
  input: TreeUpdateBody,
  limits: TreeLimits,
  expected?: number,
): Promise<TreeListRow> {
  // Who may write is answered before the document is checked (a stranger learns nothing from a 400).
  await getTreeForEditor(deps, viewer, id);
  const checked = input.data === undefined ? null : checkTreeDocument(input.data, limits);
  return deps.db.transaction().execute(async (trx) => {
    const tree = authorizeEditTree(viewer, await findTreeMetaForUpdate(trx, deps.dialect, id));
    if (expected !== undefined && tree.revision !== expected) throw staleRevision(tree.revision);
    const fields: TreeFieldsUpdate = { updated_at: deps.clock.nowIso() };
    if (input.title !== undefined || input.description !== undefined || input.tags !== undefined) {
      Object.assign(
        fields,
        describedFields(
          input.title ?? tree.title,
          input.description ?? tree.description,
          input.tags ? uniqueTags(input.tags) : (JSON.parse(tree.tags) as string[]),
        ),
      );
    }
    if (input.visibility !== undefined) fields.visibility = input.visibility;
    if (checked) Object.assign(fields, { data: checked.json, node_count: checked.nodeCount });
    await updateTree(trx, id, fields, { bumpRevision: checked !== null });
    return (await findTreeMetaById(trx, id))!;
  });
}

/**
 * Deletes an own tree with its versions and images (shares keep their snapshots); announces
 * `tree.deleted`. The row is read under the tree's lock: of concurrent deletes, the first deletes
 * and the others, waiting on the lock, find no tree and answer 404 (not a second 204).
 */
export async function deleteOwnTree(deps: Deps, viewer: AuthUser, id: number): Promise<void> {
  const keys = await deps.events.transaction(deps.db, async (trx, publish) => {
    const tree = authorizeEditTree(viewer, await findTreeMetaForUpdate(trx, deps.dialect, id));
    const imageKeys = await imageKeysOfTree(trx, id);
    await deleteTreeRow(trx, id);
    await publish('tree.deleted', { treeId: tree.id, treeUuid: tree.uuid, ownerId: tree.owner_id });
    return imageKeys;
  });
  await deleteStoredFiles(deps.storage, keys, deps.log);
}

/**
 * Locks a tree's row until `trx` ends, so that another module's writes about one tree (sharing it)
 * run one after another on every database; false when the tree is gone.
 */
export function lockTreeIn(trx: Trx, treeId: number): Promise<boolean> {
  return lockTree(trx, treeId);
}

/**
 * Locks a tree's row until `trx` ends and reads its working copy, for another module that writes a
 * document derived from it back with `saveVersionIn` in the same transaction; undefined when the
 * tree is gone.
 */
export async function lockWorkingCopyIn(
  trx: Trx,
  treeId: number,
): Promise<{ revision: number; document: TreeDocument } | undefined> {
  if (!(await lockTree(trx, treeId))) return undefined;
  const row = await findTreeData(trx, treeId);
  return row && { revision: row.revision, document: parseStoredDocument(row.data) };
}

export interface OwnedTreeDocument {
  tree: TreeListRow;
  document: TreeDocument;
}

/**
 * The working copy of a tree the viewer owns, or the data of its version `version` when given;
 * 404 when the tree is not theirs or the version does not exist.
 */
export async function getTreeDocumentForOwner(
  deps: Deps,
  viewer: AuthUser,
  treeId: number,
  options: { version?: number } = {},
): Promise<OwnedTreeDocument> {
  if (options.version === undefined) {
    const tree = authorizeOwnTree(viewer, await findTreeById(deps.db, treeId));
    return { tree, document: parseStoredDocument(tree.data) };
  }
  const tree = authorizeOwnTree(viewer, await findTreeMetaById(deps.db, treeId));
  const version = await findVersionByNumber(deps.db, treeId, options.version);
  if (!version) throw notFound('Version not found.');
  return { tree, document: await readVersionDocument(deps.db, version) };
}

/** A tree as a viewer who may see it names it; `revision` changes with every write of its document. */
export interface ViewableTree {
  id: number;
  uuid: string;
  title: string;
  revision: number;
}

/** A tree's working copy as a viewer who may see it reads it. */
export interface ViewableDocument extends ViewableTree {
  document: TreeDocument;
}

/** The working copy of the tree with that uuid (or `{ id }`) when the viewer may see it, else 404. */
export async function readDocumentForViewer(
  deps: Deps,
  viewer: AuthUser,
  ref: string | { id: number },
): Promise<ViewableDocument> {
  const row = typeof ref === 'string' ? await findTreeByUuid(deps.db, ref) : await findTreeById(deps.db, ref.id);
  const tree = authorizeViewTree(viewer, row);
  return {
    id: tree.id,
    uuid: tree.uuid,
    title: tree.title,
    revision: tree.revision,
    document: parseStoredDocument(tree.data),
  };
}

/**
 * The tree of `readDocumentForViewer` without its document (same policy, same 404): for callers
 * that keep parsed documents by (id, uuid, revision), so that a large document is read and parsed
 * only when it changed, in this process or any other.
 */
export async function readTreeForViewer(
  deps: Deps,
  viewer: AuthUser,
  ref: string | { id: number },
): Promise<ViewableTree> {
  const row =
    typeof ref === 'string' ? await findTreeMetaByUuid(deps.db, ref) : await findTreeMetaById(deps.db, ref.id);
  const tree = authorizeViewTree(viewer, row);
  return { id: tree.id, uuid: tree.uuid, title: tree.title, revision: tree.revision };
}
