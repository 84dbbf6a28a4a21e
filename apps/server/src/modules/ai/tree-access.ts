import type { NodeImage } from '@arbor/contract';
import type { Deps } from '../../deps.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import {
  createNodeImage,
  getTreeForEditor,
  getTreeForViewer,
  parseStoredDocument,
  presentNodeImage,
} from '../trees/index.ts';
import { contextFromDocument, type NodeContext } from './node-context.ts';

/*
 * The AI feature's only window on trees: it reads through the trees module (which applies the
 * visibility rules) and writes node images through it.
 */

/**
 * The context of a node in a tree the caller may read (own, or not private; else 404). Null when the
 * node is not in the saved working copy yet (the editor may hold unsaved nodes): the body then speaks for it.
 */
export async function loadTreeNodeContext(
  deps: Deps,
  user: AuthUser,
  treeId: number,
  nodeId: string | undefined,
): Promise<NodeContext | null> {
  const tree = await getTreeForViewer(deps, user, treeId);
  if (nodeId === undefined) return null;
  return contextFromDocument(parseStoredDocument(tree.data).nodes, nodeId);
}

/** Refuses a tree the caller may not attach images to (404 unseen, 403 not owned), before any upstream call. */
export async function assertCanAttachImage(deps: Deps, user: AuthUser, treeId: number): Promise<void> {
  await getTreeForEditor(deps, user, treeId);
}

/** Stores image bytes as a node image of the caller's tree, through the trees module. */
export async function saveAsNodeImage(
  deps: Deps,
  user: AuthUser,
  target: { tree: number; nodeId: string },
  image: Buffer,
): Promise<NodeImage> {
  const row = await createNodeImage(deps, user, { treeId: target.tree, nodeId: target.nodeId, upload: image });
  return presentNodeImage(row, deps.config.publicBaseUrl);
}
