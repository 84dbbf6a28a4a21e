import { useQuery } from '@tanstack/react-query';
import { apiWithHeaders } from '../../../lib/api-client.ts';
import { treeKeys, type TreeWithData } from './types.ts';

/** The revision in an `ETag: "<revision>"` header (weak or strong), or null. */
export function revisionFromEtag(headers: Headers): number | null {
  const match = /^(?:W\/)?"?(\d+)"?$/.exec(headers.get('etag') ?? '');
  return match ? Number(match[1]) : null;
}

/** GET /api/tree/skills_tree/get_data_by_uuid/?uuid=: the tree with its working copy. */
export async function fetchTreeByUuid(uuid: string, signal?: AbortSignal): Promise<TreeWithData> {
  const { data, headers } = await apiWithHeaders<TreeWithData>('/api/tree/skills_tree/get_data_by_uuid/', { query: { uuid }, signal });
  return { ...data, revision: data.revision ?? revisionFromEtag(headers) ?? 0 };
}

export function useTreeByUuid(uuid: string | undefined) {
  return useQuery({
    queryKey: treeKeys.byUuid(uuid ?? ''),
    queryFn: ({ signal }) => fetchTreeByUuid(uuid!, signal),
    enabled: Boolean(uuid),
    // The editor owns the working copy once loaded: refetching under it would fight autosave.
    staleTime: Infinity,
    gcTime: 0,
  });
}
