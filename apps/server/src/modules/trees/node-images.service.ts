import { NODE_IMAGE_MAX_BYTES } from '@arbor/contract';
import { NODE_ID_PATTERN, type TreeDocument } from '@arbor/tree-core';
import type { Executor } from '../../db/connection.ts';
import type { Deps } from '../../deps.ts';
import { invalid } from '../../lib/http-errors.ts';
import { processImage } from '../../lib/images.ts';
import type { PageWindow } from '../../lib/pagination.ts';
import type { Storage } from '../../lib/storage/storage.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { presentNodeImage } from './node-images.presenter.ts';
import { authorizeOwnNodeImage } from './trees.policy.ts';
import { getTreeForEditor } from './trees.service.ts';
import {
  deleteNodeImageRow,
  findNodeImage,
  findTreeImagesByIds,
  insertNodeImage,
  listNodeImages,
  updateNodeImage,
  type NodeImageRow,
} from './node-images.repository.ts';
import { deleteStoredFiles, storeNodeImageFile } from './stored-files.ts';

/** Node images are shown inside the editor's side panel and nodes: 1600 px is plenty, and keeps files small. */
const NODE_IMAGE_FIT = 1600;
/** Largest accepted source side; refusing larger ones before decoding keeps pixel bombs out. */
const NODE_IMAGE_MAX_SIDE = 8192;

function checkNodeId(nodeId: string | undefined): string {
  if (nodeId === undefined) throw invalid('node_id is required.', { node_id: ['This field is required.'] });
  if (!NODE_ID_PATTERN.test(nodeId))
    throw invalid('Invalid node id.', { node_id: ['Node ids are 1–64 letters, digits, "_" or "-".'] });
  return nodeId;
}

/** Sniffs, re-encodes and stores an upload; returns what the row needs. */
async function storeImage(storage: Storage, upload: Buffer) {
  const image = await processImage(
    upload,
    { maxBytes: NODE_IMAGE_MAX_BYTES, maxSide: NODE_IMAGE_MAX_SIDE },
    { fit: NODE_IMAGE_FIT },
  );
  return {
    storage_key: await storeNodeImageFile(storage, image.body, image.contentType),
    width: image.width,
    height: image.height,
    bytes: image.body.length,
    content_type: image.contentType,
  };
}

/** Stores a new image for a node of the caller's own tree. */
export async function createNodeImage(
  deps: Deps,
  viewer: AuthUser,
  input: { treeId: number; nodeId: string | undefined; upload: Buffer | null },
): Promise<NodeImageRow> {
  const tree = await getTreeForEditor(deps, viewer, input.treeId);
  const nodeId = checkNodeId(input.nodeId);
  if (!input.upload) throw invalid('No image was submitted.', { image: ['No file was submitted.'] });
  const stored = await storeImage(deps.storage, input.upload);
  try {
    return await insertNodeImage(deps.db, {
      tree_id: tree.id,
      owner_id: viewer.id,
      node_id: nodeId,
      ...stored,
      created_at: deps.clock.nowIso(),
      copied_from: null,
    });
  } catch (error) {
    await deleteStoredFiles(deps.storage, [stored.storage_key], deps.log);
    throw error;
  }
}

/** An image of the caller's own (owner only: others get 404). */
export async function getOwnNodeImage(deps: Deps, viewer: AuthUser, id: number): Promise<NodeImageRow> {
  return authorizeOwnNodeImage(viewer, await findNodeImage(deps.db, id));
}

/** The caller's own images, newest first, optionally of one tree or node. */
export async function listOwnNodeImages(
  deps: Deps,
  viewer: AuthUser,
  filter: { treeId?: number; nodeId?: string },
  window: PageWindow,
) {
  return listNodeImages(deps.db, { ownerId: viewer.id, ...filter }, { offset: window.offset, limit: window.pageSize });
}

/**
 * Replaces the file and/or moves the image to another node of the same tree. A copy of a template's
 * image given a new file becomes the owner's own (`copied_from` null): a template sync sees the change.
 */
export async function updateNodeImageOf(
  deps: Deps,
  viewer: AuthUser,
  id: number,
  input: { nodeId: string | undefined; upload: Buffer | null },
): Promise<NodeImageRow> {
  const image = await getOwnNodeImage(deps, viewer, id);
  const nodeId = input.nodeId === undefined ? undefined : checkNodeId(input.nodeId);
  if (!input.upload) return nodeId === undefined ? image : updateNodeImage(deps.db, id, { node_id: nodeId });
  const stored = await storeImage(deps.storage, input.upload);
  try {
    const updated = await updateNodeImage(deps.db, id, {
      ...stored,
      copied_from: null,
      ...(nodeId === undefined ? {} : { node_id: nodeId }),
    });
    await deleteStoredFiles(deps.storage, [image.storage_key], deps.log);
    return updated;
  } catch (error) {
    await deleteStoredFiles(deps.storage, [stored.storage_key], deps.log);
    throw error;
  }
}

/** Deletes an own image, then its file. */
export async function deleteOwnNodeImage(deps: Deps, viewer: AuthUser, id: number): Promise<void> {
  const image = await getOwnNodeImage(deps, viewer, id);
  await deleteNodeImageRow(deps.db, id);
  await deleteStoredFiles(deps.storage, [image.storage_key], deps.log);
}

/**
 * The image URL of every node of `document` whose `image_id` is an image of `treeId` (a template's
 * snapshot points at its source tree's images): node id → URL. Images of other trees, and images
 * deleted since, are left out.
 */
export async function imageUrlsOfDocument(
  deps: Deps,
  treeId: number | null,
  document: { nodes: { id: string; image_id: number | null }[] },
): Promise<Record<string, string>> {
  const nodesByImage = new Map<number, string[]>();
  for (const node of document.nodes) {
    if (node.image_id === null) continue;
    nodesByImage.set(node.image_id, [...(nodesByImage.get(node.image_id) ?? []), node.id]);
  }
  if (treeId === null || nodesByImage.size === 0) return {};
  const rows = await findTreeImagesByIds(deps.db, treeId, [...nodesByImage.keys()]);
  const urls: Record<string, string> = {};
  for (const row of rows) {
    const { url } = presentNodeImage(row, deps.config.publicBaseUrl);
    for (const nodeId of nodesByImage.get(row.id) ?? []) urls[nodeId] = url;
  }
  return urls;
}

/**
 * `document` for tree `treeId` without references to images the tree does not own (another tree's,
 * say a suggester's, which it could never show): such a node's `image_id` becomes null, unless
 * `kept` (the tree's document before) already had that image on that node.
 */
export async function withoutForeignImages(
  db: Executor,
  treeId: number,
  document: TreeDocument,
  kept: TreeDocument,
): Promise<TreeDocument> {
  const before = new Map(kept.nodes.map((node) => [node.id, node.image_id]));
  const doubtful = document.nodes.filter(
    (node) => typeof node.image_id === 'number' && (before.get(node.id) ?? null) !== node.image_id,
  );
  if (doubtful.length === 0) return document;
  const ids = [...new Set(doubtful.map((node) => node.image_id!))];
  const owned = new Set((await findTreeImagesByIds(db, treeId, ids)).map((row) => row.id));
  const foreign = new Set(doubtful.filter((node) => !owned.has(node.image_id!)).map((node) => node.id));
  if (foreign.size === 0) return document;
  return {
    ...document,
    nodes: document.nodes.map((node) => (foreign.has(node.id) ? { ...node, image_id: null } : node)),
  };
}
