import type { Group } from '@arbor/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { groupKeys, groupPath } from './keys.ts';

/** GET /api/groups/{uuid}/: one group I belong to (404 otherwise). */
export const useGroup = (uuid: string) =>
  useQuery({ queryKey: groupKeys.detail(uuid), queryFn: ({ signal }) => api<Group>(groupPath(uuid), { signal }) });
