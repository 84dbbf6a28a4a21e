import type { Group } from '@arbor/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { groupKeys } from './keys.ts';

/** GET /api/groups/: the groups I belong to, in any role. */
export const useGroups = () =>
  useQuery({ queryKey: groupKeys.list(), queryFn: ({ signal }) => api<Group[]>('/api/groups/', { signal }) });
