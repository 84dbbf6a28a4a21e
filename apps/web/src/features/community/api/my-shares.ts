import type { Paginated, Share } from '@arbor/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { communityKeys } from './keys.ts';

/** GET /api/community/trees-shared/my_shares/ */
export const useMyShares = (page: number) =>
  useQuery({
    queryKey: communityKeys.mine(page),
    queryFn: ({ signal }) =>
      api<Paginated<Share>>('/api/community/trees-shared/my_shares/', {
        signal,
        query: { page: page > 1 ? page : undefined },
      }),
  });
