import type { NodeImage } from '@arbor/contract';
import type { FastifyInstance } from 'fastify';
import { nowIso } from '../../lib/clock.ts';
import { mediaPath } from '../../lib/storage/storage.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { insertNodeImage } from '../node-images/node-images.repository.ts';
import { parseStoredDocument } from '../trees/tree-document.ts';
import { getTreeForEditor, getTreeForViewer } from '../trees/trees.service.ts';
import { contextFromDocument, type NodeContext } from './node-context.ts';

/*
 * The AI feature's only window on trees: it reads through the trees service (which applies the
 * visibility rules) and writes node images through the node-images repository.
 */

/**
 * The context of a node in a tree the caller may read (own, or not private; else 404). Null when the
 * node is not in the saved working copy yet (the editor may hold unsaved nodes): the body then speaks for it.
 */
export async function loadTreeNodeContext(
  app: FastifyInstance,
  user: AuthUser,
  treeId: number,
  nodeId: string | undefined,
): Promise<NodeContext | null> {
  const tree = await getTreeForViewer(app.db, user, treeId);
  if (nodeId === undefined) return null;
  return contextFromDocument(parseStoredDocument(tree.data).nodes, nodeId);
}

export interface StoredImage {
  key: string;
  url: string;
  width: number;
  height: number;
  bytes: number;
  contentType: string;
}

/** Refuses a tree the caller may not attach images to (404 unseen, 403 not owned), before any upstream call. */
export async function assertCanAttachImage(app: FastifyInstance, user: AuthUser, treeId: number): Promise<void> {
  await getTreeForEditor(app.db, user, treeId);
}

/** Records a stored image as a node image of the caller's tree. */
export async function attachNodeImage(
  app: FastifyInstance,
  user: AuthUser,
  target: { tree: number; nodeId: string },
  image: StoredImage,
): Promise<NodeImage> {
  const row = await insertNodeImage(app.db, {
    tree_id: target.tree,
    owner_id: user.id,
    node_id: target.nodeId,
    storage_key: image.key,
    width: image.width,
    height: image.height,
    bytes: image.bytes,
    content_type: image.contentType,
    created_at: nowIso(),
  });
  return {
    id: row.id,
    tree: row.tree_id,
    node_id: row.node_id,
    url: `${app.config.publicBaseUrl}${mediaPath(row.storage_key)}`,
    width: row.width,
    height: row.height,
    bytes: row.bytes,
    content_type: row.content_type,
    created_at: row.created_at,
  };
}
