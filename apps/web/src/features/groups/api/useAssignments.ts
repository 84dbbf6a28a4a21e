import type { Assignment } from '@arbor/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { groupKeys, groupPath } from './keys.ts';

/** GET /api/groups/{uuid}/assignments/ */
export const useAssignments = (uuid: string) =>
  useQuery({
    queryKey: groupKeys.assignments(uuid),
    queryFn: ({ signal }) => api<Assignment[]>(groupPath(uuid, 'assignments/'), { signal }),
  });
