import type { GroupPreview } from '@arbor/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { groupKeys } from './keys.ts';

/** GET /api/groups/preview/?code=: what a join link leads to (404 for a wrong code, 429 when guessing). */
export const useGroupPreview = (code: string) =>
  useQuery({
    queryKey: groupKeys.preview(code),
    queryFn: ({ signal }) => api<GroupPreview>('/api/groups/preview/', { query: { code }, signal }),
    // look-ups are counted (20 an hour): a wrong code is not asked again
    retry: false,
    staleTime: Infinity,
  });
