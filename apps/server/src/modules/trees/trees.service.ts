import { randomUUID } from 'node:crypto';
import type { TreeListQuery, TreeUpdateBody, TreeVisibility } from '@arbor/contract';
import { createTreeDocument, DEFAULT_TREE_LIMITS, type TreeDocument, type TreeLimits } from '@arbor/tree-core';
import type { FastifyBaseLogger } from 'fastify';
import type { DB } from '../../db/connection.ts';
import { nowIso } from '../../lib/clock.ts';
import { notFound } from '../../lib/http-errors.ts';
import type { PageWindow } from '../../lib/pagination.ts';
import type { Storage } from '../../lib/storage/storage.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { imageKeysOfOwner, imageKeysOfTree } from '../node-images/node-images.repository.ts';
import { deleteStoredFiles } from '../node-images/stored-files.ts';
import { readVersionDocument, recordVersion } from '../versions/version-storage.ts';
import { findVersionByNumber } from '../versions/versions.repository.ts';
import { staleRevision } from './revision.ts';
import { checkTreeDocument, parseStoredDocument, type CheckedDocument } from './tree-document.ts';
import { authorizeEditTree, authorizeViewTree } from './trees.policy.ts';
import {
  currentRevision,
  deleteTreeRow,
  deleteTreesOfOwner,
  findTreeById,
  findTreeByUuid,
  findTreeMetaById,
  insertTree,
  listTrees,
  updateTree,
  type Executor,
  type TreeFieldsUpdate,
  type TreeListRow,
  type TreeRow,
} from './trees.repository.ts';

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

const fromDocument = (document: TreeDocument): CheckedDocument => ({
  document,
  json: JSON.stringify(document),
  nodeCount: document.nodes.length,
});

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
}

/** Creates a tree owned by `ownerId` (document checked against the limits) and records it as version 1; returns the tree id. */
export async function createTreeFromDocument(db: DB, ownerId: number, input: NewTree): Promise<number> {
  const checked =
    input.data === undefined
      ? fromDocument(createTreeDocument(input.title))
      : checkTreeDocument(input.data, input.limits ?? DEFAULT_TREE_LIMITS);
  const now = nowIso();
  return db.transaction().execute(async (trx) => {
    const id = await insertTree(trx, {
      uuid: randomUUID(),
      owner_id: ownerId,
      ...describedFields(input.title, input.description ?? '', uniqueTags(input.tags ?? [])),
      visibility: input.visibility ?? 'private',
      data: checked.json,
      node_count: checked.nodeCount,
      revision: 1,
      latest_version: null,
      created_at: now,
      updated_at: now,
    });
    await recordVersion(trx, id, checked.document, { message: input.message ?? '', createdBy: ownerId });
    return id;
  });
}

/** Lists the caller's own trees with search, tags and ordering. */
export async function listOwnTrees(db: DB, ownerId: number, query: TreeListQuery, window: PageWindow) {
  const terms = (query.search ?? '').toLowerCase().split(/\s+/).filter(Boolean).slice(0, 10);
  const tags = (query.tags ?? '').split(',').map(tagMatchKey).filter(Boolean).slice(0, 10);
  return listTrees(
    db,
    { ownerId, terms, tags, ordering: query.ordering ?? '-updated_at' },
    { offset: window.offset, limit: window.pageSize },
  );
}

/** A tree the viewer may see (owner, or not private), else 404. */
export async function getTreeForViewer(db: DB, viewer: AuthUser, id: number): Promise<TreeRow> {
  return authorizeViewTree(viewer, await findTreeById(db, id));
}

export async function getTreeByUuidForViewer(db: DB, viewer: AuthUser, uuid: string): Promise<TreeRow> {
  return authorizeViewTree(viewer, await findTreeByUuid(db, uuid));
}

/** A tree (without its document) only its owner may change: 404 when not visible, 403 when visible but not owned. */
export async function getTreeForEditor(db: Executor, viewer: AuthUser, id: number): Promise<TreeListRow> {
  return authorizeEditTree(viewer, await findTreeMetaById(db, id));
}

/**
 * Saves a new working copy: bumps the revision, or answers 412 with the current revision when
 * `expectedRevision` is stale. Returns the new revision.
 */
export async function saveWorkingCopy(
  db: Executor,
  treeId: number,
  checked: CheckedDocument,
  expectedRevision?: number,
): Promise<number> {
  const revision = await updateTree(
    db,
    treeId,
    { data: checked.json, node_count: checked.nodeCount, updated_at: nowIso() },
    { bumpRevision: true, expectedRevision },
  );
  if (revision === null) throw staleRevision((await currentRevision(db, treeId)) ?? 0);
  return revision;
}

/** Applies a PUT/PATCH of the owner: any described field, and `data` as the new working copy. */
export async function updateOwnTree(
  db: DB,
  viewer: AuthUser,
  id: number,
  input: TreeUpdateBody,
  limits: TreeLimits,
  expected?: number,
): Promise<TreeListRow> {
  const tree = await getTreeForEditor(db, viewer, id);
  const checked = input.data === undefined ? null : checkTreeDocument(input.data, limits);
  const fields: TreeFieldsUpdate = { updated_at: nowIso() };
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
  const revision = await updateTree(db, id, fields, { bumpRevision: checked !== null, expectedRevision: expected });
  if (revision === null) throw staleRevision((await currentRevision(db, id)) ?? 0);
  return (await findTreeMetaById(db, id))!;
}

/** Deletes an own tree with its versions and images (shares keep their snapshots). */
export async function deleteOwnTree(
  db: DB,
  storage: Storage,
  log: FastifyBaseLogger,
  viewer: AuthUser,
  id: number,
): Promise<void> {
  await getTreeForEditor(db, viewer, id);
  const keys = await db.transaction().execute(async (trx) => {
    const imageKeys = await imageKeysOfTree(trx, id);
    await deleteTreeRow(trx, id);
    return imageKeys;
  });
  await deleteStoredFiles(storage, keys, log);
}

/**
 * Deletes every tree of a user with their versions and images, files included; for account
 * deletion, since the database cascade from `users` cannot remove stored files.
 */
export async function deleteTreesOfUser(
  db: DB,
  storage: Storage,
  log: FastifyBaseLogger,
  userId: number,
): Promise<void> {
  const keys = await db.transaction().execute(async (trx) => {
    const imageKeys = await imageKeysOfOwner(trx, userId);
    await deleteTreesOfOwner(trx, userId);
    return imageKeys;
  });
  await deleteStoredFiles(storage, keys, log);
}

export interface OwnedTreeDocument {
  tree: TreeListRow;
  document: TreeDocument;
}

/**
 * The working copy of a tree owned by `ownerId`, or the data of its version `version` when given;
 * 404 when the tree is not theirs or the version does not exist.
 */
export async function getTreeDocumentForOwner(
  db: DB,
  ownerId: number,
  treeId: number,
  options: { version?: number } = {},
): Promise<OwnedTreeDocument> {
  if (options.version === undefined) {
    const tree = await findTreeById(db, treeId);
    if (!tree || tree.owner_id !== ownerId) throw notFound();
    return { tree, document: parseStoredDocument(tree.data) };
  }
  const tree = await findTreeMetaById(db, treeId);
  if (!tree || tree.owner_id !== ownerId) throw notFound();
  return { tree, document: await versionDocument(db, treeId, options.version) };
}

async function versionDocument(db: DB, treeId: number, number: number): Promise<TreeDocument> {
  const version = await findVersionByNumber(db, treeId, number);
  if (!version) throw notFound('Version not found.');
  return readVersionDocument(db, version);
}
