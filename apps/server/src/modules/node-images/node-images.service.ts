import { randomBytes } from 'node:crypto';
import { NODE_IMAGE_MAX_BYTES } from '@arbor/contract';
import { NODE_ID_PATTERN } from '@arbor/tree-core';
import type { FastifyBaseLogger } from 'fastify';
import type { DB } from '../../db/connection.ts';
import { nowIso } from '../../lib/clock.ts';
import { invalid, notFound } from '../../lib/http-errors.ts';
import { processImage } from '../../lib/images.ts';
import type { PageWindow } from '../../lib/pagination.ts';
import type { Storage } from '../../lib/storage/storage.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { getTreeForEditor } from '../trees/trees.service.ts';
import {
  deleteNodeImageRow,
  findNodeImage,
  insertNodeImage,
  listNodeImages,
  updateNodeImage,
  type NodeImageRow,
} from './node-images.repository.ts';
import { deleteStoredFiles } from './stored-files.ts';

/** Node images are shown inside the editor's side panel and nodes: 1600 px is plenty, and keeps files small. */
const NODE_IMAGE_FIT = 1600;
/** Largest accepted source side; refusing larger ones before decoding keeps pixel bombs out. */
const NODE_IMAGE_MAX_SIDE = 8192;

export interface ImageServices {
  db: DB;
  storage: Storage;
  log: FastifyBaseLogger;
}

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
  const key = `node-images/${randomBytes(16).toString('hex')}.webp`;
  await storage.put(key, image.body, image.contentType);
  return {
    storage_key: key,
    width: image.width,
    height: image.height,
    bytes: image.body.length,
    content_type: image.contentType,
  };
}

/** Stores a new image for a node of the caller's own tree. */
export async function createNodeImage(
  services: ImageServices,
  viewer: AuthUser,
  input: { treeId: number; nodeId: string | undefined; upload: Buffer | null },
): Promise<NodeImageRow> {
  const tree = await getTreeForEditor(services.db, viewer, input.treeId);
  const nodeId = checkNodeId(input.nodeId);
  if (!input.upload) throw invalid('No image was submitted.', { image: ['No file was submitted.'] });
  const stored = await storeImage(services.storage, input.upload);
  try {
    return await insertNodeImage(services.db, {
      tree_id: tree.id,
      owner_id: viewer.id,
      node_id: nodeId,
      ...stored,
      created_at: nowIso(),
    });
  } catch (error) {
    await deleteStoredFiles(services.storage, [stored.storage_key], services.log);
    throw error;
  }
}

/** An image of the caller's own (owner only: others get 404). */
export async function getOwnNodeImage(db: DB, viewer: AuthUser, id: number): Promise<NodeImageRow> {
  const image = await findNodeImage(db, id);
  if (!image || image.owner_id !== viewer.id) throw notFound();
  return image;
}

export async function listOwnNodeImages(
  db: DB,
  viewer: AuthUser,
  filter: { treeId?: number; nodeId?: string },
  window: PageWindow,
) {
  return listNodeImages(db, { ownerId: viewer.id, ...filter }, { offset: window.offset, limit: window.pageSize });
}

/** Replaces the file and/or moves the image to another node of the same tree. */
export async function updateNodeImageOf(
  services: ImageServices,
  viewer: AuthUser,
  id: number,
  input: { nodeId: string | undefined; upload: Buffer | null },
): Promise<NodeImageRow> {
  const image = await getOwnNodeImage(services.db, viewer, id);
  const nodeId = input.nodeId === undefined ? undefined : checkNodeId(input.nodeId);
  if (!input.upload) return nodeId === undefined ? image : updateNodeImage(services.db, id, { node_id: nodeId });
  const stored = await storeImage(services.storage, input.upload);
  try {
    const updated = await updateNodeImage(services.db, id, {
      ...stored,
      ...(nodeId === undefined ? {} : { node_id: nodeId }),
    });
    await deleteStoredFiles(services.storage, [image.storage_key], services.log);
    return updated;
  } catch (error) {
    await deleteStoredFiles(services.storage, [stored.storage_key], services.log);
    throw error;
  }
}

export async function deleteOwnNodeImage(services: ImageServices, viewer: AuthUser, id: number): Promise<void> {
  const image = await getOwnNodeImage(services.db, viewer, id);
  await deleteNodeImageRow(services.db, id);
  await deleteStoredFiles(services.storage, [image.storage_key], services.log);
}
