import type { NodeImage } from '@arbor/contract';
import type { FastifyInstance } from 'fastify';
import type { AuthUser } from '../../plugins/auth.ts';
import { presentNodeImage } from '../node-images/node-images.presenter.ts';
import { createNodeImage } from '../node-images/node-images.service.ts';
import { parseStoredDocument } from '../trees/tree-document.ts';
import { getTreeForEditor, getTreeForViewer } from '../trees/trees.service.ts';
import { contextFromDocument, type NodeContext } from './node-context.ts';

/*
 * The AI feature's only window on trees: it reads through the trees service (which applies the
 * visibility rules) and writes node images through the node-images service.
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

/** Refuses a tree the caller may not attach images to (404 unseen, 403 not owned), before any upstream call. */
export async function assertCanAttachImage(app: FastifyInstance, user: AuthUser, treeId: number): Promise<void> {
  await getTreeForEditor(app.db, user, treeId);
}

/** Stores image bytes as a node image of the caller's tree, through the node-images feature. */
export async function saveAsNodeImage(
  app: FastifyInstance,
  user: AuthUser,
  target: { tree: number; nodeId: string },
  image: Buffer,
): Promise<NodeImage> {
  const row = await createNodeImage({ db: app.db, storage: app.storage, log: app.log }, user, {
    treeId: target.tree,
    nodeId: target.nodeId,
    upload: image,
  });
  return presentNodeImage(row, app.config.publicBaseUrl);
}
