import type { GroupMember } from '@arbor/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { groupKeys, groupPath } from './keys.ts';

/** GET /api/groups/{uuid}/members/ */
export const useMembers = (uuid: string) =>
  useQuery({
    queryKey: groupKeys.members(uuid),
    queryFn: ({ signal }) => api<GroupMember[]>(groupPath(uuid, 'members/'), { signal }),
  });
