import type { SubjectRef } from '../../api/useProgress.ts';

/**
 * "Review these": the review session over just some nodes' cards. GET /api/learn/review/ has no way
 * to name nodes, so the session reads `?tree=|share=&nodes=a,b` and asks for each node's cards.
 */
export const NODES_PARAM = 'nodes';

export function reviewNodesPath(subject: SubjectRef, nodeIds: readonly string[]): string {
  const params = new URLSearchParams({ [subject.kind]: subject.uuid, [NODES_PARAM]: nodeIds.join(',') });
  return `/learn/review?${params.toString()}`;
}

/** The subject a review session's URL names (`?tree=` or `?share=`), if any. */
export function subjectOfParams(params: URLSearchParams): SubjectRef | null {
  const tree = params.get('tree');
  const share = params.get('share');
  return tree ? { kind: 'tree', uuid: tree } : share ? { kind: 'share', uuid: share } : null;
}

/** The scope a review session's URL names, or null for today's whole queue. */
export function reviewScopeOf(params: URLSearchParams): { subject: SubjectRef; nodeIds: string[] } | null {
  const nodeIds = (params.get(NODES_PARAM) ?? '').split(',').filter(Boolean);
  const subject = subjectOfParams(params);
  return subject && nodeIds.length ? { subject, nodeIds: nodeIds.slice(0, 50) } : null;
}
