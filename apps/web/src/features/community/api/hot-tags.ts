import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { communityKeys } from './keys.ts';

export interface HotTag {
  tag: string;
  count: number;
}

/** GET /api/community/trees-shared/hot_tags/ */
export const hotTagsQuery = (limit = 20) =>
  queryOptions({
    queryKey: communityKeys.hotTags(limit),
    queryFn: ({ signal }) => api<HotTag[]>('/api/community/trees-shared/hot_tags/', { signal, query: { limit } }),
    staleTime: 5 * 60_000,
  });

export const useHotTags = (limit = 20) => useQuery(hotTagsQuery(limit));
