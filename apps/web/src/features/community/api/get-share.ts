import type { ShareWithData } from '@arbor/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { communityKeys } from './keys.ts';

/** GET /api/community/trees-shared/{uuid}/ — the template with its snapshot. */
const shareQuery = (idOrUuid: string) =>
  queryOptions({
    queryKey: communityKeys.detail(idOrUuid),
    queryFn: ({ signal }) =>
      api<ShareWithData>(`/api/community/trees-shared/${encodeURIComponent(idOrUuid)}/`, { signal }),
  });

export const useShare = (idOrUuid: string) => useQuery(shareQuery(idOrUuid));

/**
 * Starts loading a template as navigation to its page begins (the route's loader calls it), beside
 * the page's code and the signed-in user, instead of after both.
 */
export function prefetchShare(uuid: string | undefined): void {
  if (uuid) void queryClient.prefetchQuery(shareQuery(uuid));
}
