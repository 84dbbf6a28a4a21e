import type { FastifyInstance } from 'fastify';
import type { AuthUser } from '../../plugins/auth.ts';
import type { NodeContext } from './node-context.ts';

/**
 * The AI feature's only window on trees: the context of a node the caller may read, and attaching a
 * stored image to a node the caller owns. Interim: the trees module has not landed yet, so tree
 * context comes from the request body alone and images are returned as plain URLs.
 */
export async function loadTreeNodeContext(
  _app: FastifyInstance,
  _user: AuthUser,
  _treeId: number,
  _nodeId: string | undefined,
): Promise<NodeContext | null> {
  return null;
}

export interface StoredImage {
  key: string;
  url: string;
  width: number;
  height: number;
  bytes: number;
  contentType: string;
}

/** Makes a stored image a node image of the tree; the plain `{url}` while trees are unavailable. */
export async function attachNodeImage(
  _app: FastifyInstance,
  _user: AuthUser,
  _target: { tree: number; nodeId: string },
  image: StoredImage,
): Promise<Record<string, unknown> & { url: string }> {
  return { url: image.url };
}

/** Refuses a tree the caller may not attach images to (404), before any upstream call is made. */
export async function assertCanAttachImage(_app: FastifyInstance, _user: AuthUser, _treeId: number): Promise<void> {}
