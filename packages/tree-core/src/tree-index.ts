import type { TreeDocument, TreeNode } from './document.ts';

/** Lookups over a (valid) document: node by id, ordered children, the root. Built in O(n). */
export interface TreeIndex {
  byId: Map<string, TreeNode>;
  /** ordered child ids per parent id (array order of the document) */
  children: Map<string, string[]>;
  root: TreeNode;
}

export function indexTree(doc: TreeDocument): TreeIndex {
  const byId = new Map<string, TreeNode>();
  const children = new Map<string, string[]>();
  let root: TreeNode | undefined;
  for (const node of doc.nodes) {
    byId.set(node.id, node);
    if (node.parent_id === null) {
      root ??= node;
      continue;
    }
    const list = children.get(node.parent_id);
    if (list) list.push(node.id);
    else children.set(node.parent_id, [node.id]);
  }
  if (!root) throw new Error('The document has no root node.');
  return { byId, children, root };
}

/** Ordered child ids of a node. */
export function childIds(doc: TreeDocument, nodeId: string): string[] {
  return doc.nodes.filter((node) => node.parent_id === nodeId).map((node) => node.id);
}

/** The node and all its descendants, parents before children. */
export function subtreeIds(index: TreeIndex, nodeId: string): string[] {
  const ids = [nodeId];
  for (let i = 0; i < ids.length; i++) ids.push(...(index.children.get(ids[i]!) ?? []));
  return ids;
}

/** Ancestors from the root down to the node's parent. */
export function ancestorIds(index: TreeIndex, nodeId: string): string[] {
  const path: string[] = [];
  let current = index.byId.get(nodeId)?.parent_id ?? null;
  while (current !== null && path.length <= index.byId.size) {
    path.unshift(current);
    current = index.byId.get(current)?.parent_id ?? null;
  }
  return path;
}

/** Depth of every node (root 0). */
export function nodeDepths(index: TreeIndex): Map<string, number> {
  const depths = new Map<string, number>([[index.root.id, 0]]);
  const queue = [index.root.id];
  for (let i = 0; i < queue.length; i++) {
    const depth = depths.get(queue[i]!)! + 1;
    for (const child of index.children.get(queue[i]!) ?? []) {
      depths.set(child, depth);
      queue.push(child);
    }
  }
  return depths;
}
