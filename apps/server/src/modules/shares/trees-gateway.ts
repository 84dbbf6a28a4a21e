// The community's only door into the trees module: reading a tree to share it, and forking a
// shared snapshot into a new tree. Everything goes through the trees module's public functions.
import type { Tree } from '@arbor/contract';
import { validateTreeDocument, type TreeDocument } from '@arbor/tree-core';
import type { Config } from '../../config.ts';
import type { Trx } from '../../db/connection.ts';
import type { Deps } from '../../deps.ts';
import { invalid, notFound, payloadTooLarge } from '../../lib/http-errors.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import {
  checkTreeDocument,
  createTreeFromDocument,
  getTreeDocumentForOwner,
  getTreeForViewer,
  lockTreeIn,
  lockWorkingCopyIn,
  presentTree,
  saveVersionIn,
  withoutForeignImages,
  withSourceImages,
  type TreeUpstreamOrigin,
} from '../trees/index.ts';

/** The caller as the trees module's policy sees them (only the id counts for a tree's owner). */
const ownerOf = (userId: number): AuthUser => ({ id: userId, role: 'user' });

export interface TreeSnapshot {
  title: string;
  description: string;
  tags: string[];
  data: TreeDocument;
  nodeCount: number;
}

/** The owner's tree as it is now, or as version `version` was; 404 when it is not the caller's. */
export async function readTreeSnapshot(
  deps: Deps,
  userId: number,
  treeId: number,
  version?: number,
): Promise<TreeSnapshot> {
  const { tree, document } = await getTreeDocumentForOwner(deps, ownerOf(userId), treeId, { version });
  return {
    title: tree.title,
    description: tree.description,
    tags: JSON.parse(tree.tags) as string[],
    data: document,
    nodeCount: document.nodes.length,
  };
}

/**
 * The working copy of the caller's tree as a proposal to a template (a suggestion made from a fork):
 * its copies of the template's images named by the images they were copied from, as the template
 * names them (a copy is no change); 404 when the tree is not the caller's.
 */
export async function readTreeProposal(deps: Deps, userId: number, treeId: number): Promise<TreeDocument> {
  const { data } = await readTreeSnapshot(deps, userId, treeId);
  return withSourceImages(deps.db, treeId, data);
}

/**
 * Holds the source tree's lock until `trx` ends: concurrent shares of one tree then run one after
 * another, so the second finds the first's share and updates it instead of inserting a duplicate.
 * 404 when the tree was deleted meanwhile.
 */
export async function lockSourceTree(trx: Trx, treeId: number): Promise<void> {
  if (!(await lockTreeIn(trx, treeId))) throw notFound();
}

/** A document proposed by a client (a suggestion), checked as any save of a tree (400 naming the node, 413). */
export function checkProposedDocument(deps: Deps, data: unknown): TreeDocument {
  const limits = { maxNodes: deps.config.limits.treeMaxNodes, maxBytes: deps.config.limits.treeMaxBytes };
  return checkTreeDocument(data, limits).document;
}

/**
 * The source tree's working copy, with the tree locked until `trx` ends (accepting a suggestion
 * merges into it and saves the result in the same transaction); undefined when the tree is gone.
 */
export function lockSourceWorkingCopy(
  trx: Trx,
  treeId: number,
): Promise<{ revision: number; document: TreeDocument } | undefined> {
  return lockWorkingCopyIn(trx, treeId);
}

/**
 * A merge into the source tree's working copy `mine` without image references the tree does not own
 * (an accepted suggestion's nodes may point at images of the suggester's tree): those nodes lose the
 * image, and references the working copy already had stay.
 */
export function dropForeignImages(
  trx: Trx,
  treeId: number,
  merged: TreeDocument,
  mine: TreeDocument,
): Promise<TreeDocument> {
  return withoutForeignImages(trx, treeId, merged, mine);
}

/**
 * Saves `document` as the locked source tree's working copy and records it as a version named
 * `message`, as any save of the tree (validation, revision, version, events).
 */
export function saveSourceVersion(
  deps: Deps,
  trx: Trx,
  treeId: number,
  document: TreeDocument,
  fields: { message: string; createdBy: number },
): Promise<{ revision: number; version: number; document: TreeDocument }> {
  return saveVersionIn(deps, trx, treeId, document, fields);
}

/**
 * A new private tree of `userId` holding the snapshot as version 1, recording in the same write the
 * template revision it came from (`upstream`) and copying the images of the template's source tree
 * (`imagesFrom`, null when it was deleted) that the snapshot shows: the new tree gets its own.
 */
export async function forkTreeFromSnapshot(
  deps: Deps,
  userId: number,
  input: {
    title: string;
    description: string;
    tags: string[];
    data: unknown;
    upstream: TreeUpstreamOrigin;
    imagesFrom: number | null;
  },
): Promise<Tree> {
  const limits = { maxNodes: deps.config.limits.treeMaxNodes, maxBytes: deps.config.limits.treeMaxBytes };
  const id = await createTreeFromDocument(deps, userId, {
    ...input,
    tags: input.tags.slice(0, 10),
    visibility: 'private',
    limits,
    message: input.title,
  });
  const owner = ownerOf(userId);
  const row = await getTreeForViewer(deps, owner, id);
  return presentTree(row, deps.config.publicBaseUrl, owner);
}

/** Checks a shipped sample document against the document rules and limits. */
export function validateSnapshot(data: unknown, config: Config): { data: TreeDocument; nodeCount: number } {
  const result = validateTreeDocument(data, {
    maxNodes: config.limits.treeMaxNodes,
    maxBytes: config.limits.treeMaxBytes,
  });
  if (!result.ok) {
    const tooLarge = result.issues.some((i) => i.code === 'too_large');
    throw tooLarge
      ? payloadTooLarge()
      : invalid(`Invalid tree document: ${result.issues[0]?.message ?? 'unknown problem'}`);
  }
  return { data: result.document, nodeCount: result.document.nodes.length };
}
