import type { ShareWithData } from '@arbor/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { communityKeys } from './keys.ts';

/** GET /api/community/trees-shared/{uuid}/ — the template with its snapshot. */
export const shareQuery = (idOrUuid: string) =>
  queryOptions({
    queryKey: communityKeys.detail(idOrUuid),
    queryFn: ({ signal }) => api<ShareWithData>(`/api/community/trees-shared/${encodeURIComponent(idOrUuid)}/`, { signal }),
  });

export const useShare = (idOrUuid: string) => useQuery(shareQuery(idOrUuid));
