import type { LinkKind, TreeLink } from './tree-document.ts';

/**
 * How the node panel's link form reads, from the panel's own node: it `needs` the other node first,
 * it comes `before` the other node, or the two are `related`.
 */
export type LinkRelation = 'needs' | 'before' | 'related';

export const LINK_RELATIONS: readonly LinkRelation[] = ['needs', 'before', 'related'];

/**
 * The link a relation stores. A prerequisite link's source is learnt first: its target waits for it
 * (tree-core's waits-for graph), so "this node needs X first" is the link X → this node.
 */
export function linkForRelation(nodeId: string, other: string, relation: LinkRelation): TreeLink {
  const kind: LinkKind = relation === 'related' ? 'related' : 'prerequisite';
  return relation === 'needs' ? { source: other, target: nodeId, kind } : { source: nodeId, target: other, kind };
}
