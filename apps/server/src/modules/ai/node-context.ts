import type { GenerateNodeRequest } from '@arbor/contract';

/** What a prompt may say about the node: where it sits, what surrounds it, what it already holds. */
export interface NodeContext {
  title: string;
  path: string[];
  siblings: string[];
  children: string[];
  content: string;
}

interface DocumentNode {
  id: string;
  parent_id: string | null;
  title: string;
  content?: string;
}

/** Context of `nodeId` inside a tree document; null when the node is not in it. */
export function contextFromDocument(nodes: DocumentNode[], nodeId: string): NodeContext | null {
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const node = byId.get(nodeId);
  if (!node) return null;
  const path: string[] = [];
  const visited = new Set<string>([node.id]);
  for (let parent = node.parent_id ? byId.get(node.parent_id) : undefined; parent && !visited.has(parent.id);) {
    visited.add(parent.id);
    path.unshift(parent.title);
    parent = parent.parent_id ? byId.get(parent.parent_id) : undefined;
  }
  return {
    title: node.title,
    path,
    siblings: nodes
      .filter((n) => n.parent_id === node.parent_id && n.id !== node.id && node.parent_id !== null)
      .map((n) => n.title),
    children: nodes.filter((n) => n.parent_id === node.id).map((n) => n.title),
    content: node.content ?? '',
  };
}

/** Context from the request body alone (no tree given, or fields overriding the stored tree). */
export function contextFromBody(body: GenerateNodeRequest, stored: NodeContext | null): NodeContext {
  return {
    title: body.title || stored?.title || '',
    path: body.path ?? stored?.path ?? [],
    siblings: body.siblings ?? stored?.siblings ?? [],
    children: stored?.children ?? [],
    content: body.content ?? stored?.content ?? '',
  };
}
