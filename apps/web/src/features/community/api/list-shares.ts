import type { Paginated, Share, SHARE_ORDERINGS } from '@arbor/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { communityKeys } from './keys.ts';

export type ShareOrdering = (typeof SHARE_ORDERINGS)[number];

export interface ShareListParams {
  search?: string;
  tags?: string[];
  author?: string;
  ordering?: ShareOrdering;
  page?: number;
  pageSize?: number;
}

/** GET /api/community/trees-shared/ */
function fetchShares(params: ShareListParams, signal?: AbortSignal): Promise<Paginated<Share>> {
  return api<Paginated<Share>>('/api/community/trees-shared/', {
    signal,
    query: {
      search: params.search,
      tags: params.tags?.length ? params.tags.join(',') : undefined,
      author: params.author,
      ordering: params.ordering,
      page: params.page && params.page > 1 ? params.page : undefined,
      page_size: params.pageSize,
    },
  });
}

export const sharesQuery = (params: ShareListParams) =>
  queryOptions({
    queryKey: communityKeys.list({ ...params }),
    queryFn: ({ signal }) => fetchShares(params, signal),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

export const useShares = (params: ShareListParams) => useQuery(sharesQuery(params));
