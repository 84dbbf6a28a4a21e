import type { TreeDocument, TreeNode } from './tree-document.ts';

/** Lookups the editor needs on every keystroke, derived once per document version. */
export interface TreeIndex {
  byId: Map<string, TreeNode>;
  /** child ids in document (sibling) order */
  children: Map<string, string[]>;
  rootId: string;
  depth: Map<string, number>;
}

const cache = new WeakMap<TreeDocument, TreeIndex>();

/** Builds (or returns the cached) index of a document; documents are immutable so the cache is safe. */
export function indexTree(doc: TreeDocument): TreeIndex {
  const hit = cache.get(doc);
  if (hit) return hit;
  const byId = new Map<string, TreeNode>();
  const children = new Map<string, string[]>();
  let rootId = '';
  for (const node of doc.nodes) {
    byId.set(node.id, node);
    children.set(node.id, children.get(node.id) ?? []);
    if (node.parent_id === null) rootId = node.id;
    else {
      const list = children.get(node.parent_id);
      if (list) list.push(node.id);
      else children.set(node.parent_id, [node.id]);
    }
  }
  const depth = new Map<string, number>();
  const stack: Array<[string, number]> = rootId ? [[rootId, 0]] : [];
  while (stack.length) {
    const [id, d] = stack.pop()!;
    depth.set(id, d);
    for (const child of children.get(id) ?? []) stack.push([child, d + 1]);
  }
  const index = { byId, children, rootId, depth };
  cache.set(doc, index);
  return index;
}

/** Ancestor ids from the root down to (excluding) `id`. */
export function ancestorsOf(index: TreeIndex, id: string): string[] {
  const path: string[] = [];
  let current = index.byId.get(id)?.parent_id ?? null;
  while (current) {
    path.unshift(current);
    current = index.byId.get(current)?.parent_id ?? null;
  }
  return path;
}

/** True when `candidate` is `id` itself or lies inside its subtree. */
export function isInSubtree(index: TreeIndex, id: string, candidate: string): boolean {
  let current: string | null = candidate;
  while (current) {
    if (current === id) return true;
    current = index.byId.get(current)?.parent_id ?? null;
  }
  return false;
}

/** Number of nodes below `id`. */
export function descendantCount(index: TreeIndex, id: string): number {
  let count = 0;
  const stack = [...(index.children.get(id) ?? [])];
  while (stack.length) {
    const next = stack.pop()!;
    count += 1;
    stack.push(...(index.children.get(next) ?? []));
  }
  return count;
}
