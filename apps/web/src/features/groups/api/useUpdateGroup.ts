import type { Group, GroupUpdate } from '@arbor/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { groupKeys, groupPath } from './keys.ts';
import { writeAnswer } from '../../../lib/write-answer.ts';

/** PATCH /api/groups/{uuid}/: name, description, kind, join_open. */
export function useUpdateGroup(uuid: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Partial<GroupUpdate>) => api<Group>(groupPath(uuid), { method: 'PATCH', body }),
    onSuccess: (group) => {
      writeAnswer(client, groupKeys.detail(uuid), group);
      void client.invalidateQueries({ queryKey: groupKeys.list() });
    },
  });
}
