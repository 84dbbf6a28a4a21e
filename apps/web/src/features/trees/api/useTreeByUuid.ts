import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
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

/**
 * The tree with its working copy as the server has it now. Pages that edit or compare the working
 * copy must not start from a cached copy (another page may have saved or rolled back since), so the
 * result is "pending" until the fetch made on mount has answered; later background refreshes never
 * take the data away from a mounted editor.
 */
export function useTreeByUuid(uuid: string | undefined) {
  const query = useQuery({
    queryKey: treeKeys.byUuid(uuid ?? ''),
    queryFn: ({ signal }) => fetchTreeByUuid(uuid!, signal),
    enabled: Boolean(uuid),
    // The editor owns the working copy once loaded: refetching under it would fight autosave.
    staleTime: Infinity,
    refetchOnMount: 'always',
    refetchOnReconnect: false,
  });
  const [fresh, setFresh] = useState(false);
  useEffect(() => {
    if (!fresh && query.fetchStatus === 'idle' && (query.isSuccess || query.isError)) setFresh(true);
  }, [fresh, query.fetchStatus, query.isSuccess, query.isError]);
  return { ...query, isPending: query.isPending || !fresh } as typeof query;
}
