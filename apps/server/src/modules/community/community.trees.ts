// The community's only door into the trees feature: reading a tree to share it, and forking a
// shared snapshot into a new tree. Everything goes through the trees service's public functions.
import type { Tree } from '@arbor/contract';
import { validateTreeDocument, type TreeDocument } from '@arbor/tree-core';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { DB } from '../../db/connection.ts';
import { invalid, payloadTooLarge } from '../../lib/http-errors.ts';
import { presentTree } from '../trees/trees.presenter.ts';
import { createTreeFromDocument, getTreeDocumentForOwner, getTreeForViewer } from '../trees/trees.service.ts';

export interface TreeSnapshot {
  title: string;
  description: string;
  tags: string[];
  data: TreeDocument;
  nodeCount: number;
}

/** The owner's tree as it is now, or as version `version` was; 404 when it is not the caller's. */
export async function readTreeSnapshot(
  db: DB,
  userId: number,
  treeId: number,
  version?: number,
): Promise<TreeSnapshot> {
  const { tree, document } = await getTreeDocumentForOwner(db, userId, treeId, { version });
  return {
    title: tree.title,
    description: tree.description,
    tags: JSON.parse(tree.tags) as string[],
    data: document,
    nodeCount: document.nodes.length,
  };
}

/** A new private tree of `userId` holding the snapshot as version 1. */
export async function forkTreeFromSnapshot(
  ctx: Pick<FastifyInstance, 'db' | 'config'>,
  userId: number,
  input: { title: string; description: string; tags: string[]; data: unknown },
): Promise<Tree> {
  const limits = { maxNodes: ctx.config.limits.treeMaxNodes, maxBytes: ctx.config.limits.treeMaxBytes };
  const id = await createTreeFromDocument(ctx.db, userId, {
    ...input,
    tags: input.tags.slice(0, 10),
    visibility: 'private',
    limits,
    message: input.title,
  });
  const owner = { id: userId, role: 'user' } as const;
  const row = await getTreeForViewer(ctx.db, owner, id);
  return presentTree(row, ctx.config.publicBaseUrl, owner);
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
