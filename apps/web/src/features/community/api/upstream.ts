import type { SyncUpstreamBody, SyncUpstreamResponse, UpstreamPreview } from '@arbor/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { communityKeys } from './keys.ts';

/*
 * A fork and its template (API.md "Template updates for forks"): what an update would bring, and the
 * update itself. Owner only; the tree's own answers say whether there is anything new (`upstream`).
 */

const treePath = (treeId: number, action: string) => `/api/tree/skills_tree/${treeId}/${action}/`;

/**
 * GET …/{id}/upstream/: what the template changed, what I changed and where the two collide. Keyed by
 * the template revision it is about; the dialog refetches it after saving my latest edits.
 */
export function useUpstreamPreview(treeId: number, latestRevision: number) {
  return useQuery({
    queryKey: communityKeys.upstream(treeId, latestRevision),
    queryFn: ({ signal }) => api<UpstreamPreview>(treePath(treeId, 'upstream'), { signal }),
    // A 409 (the template was withdrawn meanwhile) or a 404 will not change on a retry.
    retry: false,
  });
}

/** POST …/{id}/sync_upstream/ against the working copy at `revision` (`If-Match`, as the editor's saves send it). */
export function syncUpstream(
  treeId: number,
  revision: number,
  body: NonNullable<SyncUpstreamBody>,
): Promise<SyncUpstreamResponse> {
  return api<SyncUpstreamResponse>(treePath(treeId, 'sync_upstream'), {
    method: 'POST',
    body,
    headers: { 'if-match': `"${revision}"` },
  });
}
