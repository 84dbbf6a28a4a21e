import type { Group, GroupUpdate } from '@arbor/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { groupKeys, groupPath } from './keys.ts';

/** PATCH /api/groups/{uuid}/: name, description, kind, join_open. */
export function useUpdateGroup(uuid: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Partial<GroupUpdate>) => api<Group>(groupPath(uuid), { method: 'PATCH', body }),
    onSuccess: (group) => {
      client.setQueryData(groupKeys.detail(uuid), group);
      void client.invalidateQueries({ queryKey: groupKeys.list() });
    },
  });
}
