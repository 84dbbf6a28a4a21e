import type { HotTag as HotTagSchema } from '@arbor/contract';
import type { z } from 'zod';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { communityKeys } from './keys.ts';

type HotTag = z.infer<typeof HotTagSchema>;

/** GET /api/community/trees-shared/hot_tags/ */
export const hotTagsQuery = (limit = 20) =>
  queryOptions({
    queryKey: communityKeys.hotTags(limit),
    queryFn: ({ signal }) => api<HotTag[]>('/api/community/trees-shared/hot_tags/', { signal, query: { limit } }),
    staleTime: 5 * 60_000,
  });

export const useHotTags = (limit = 20) => useQuery(hotTagsQuery(limit));
