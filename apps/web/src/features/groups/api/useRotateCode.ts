import type { Group, JoinCodeAnswer } from '@arbor/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { groupKeys, groupPath } from './keys.ts';
import { writeAnswer } from '../../../lib/write-answer.ts';

/** POST /api/groups/{uuid}/rotate_code/: a new join code; the old link stops working. */
export function useRotateCode(uuid: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api<JoinCodeAnswer>(groupPath(uuid, 'rotate_code/'), { method: 'POST' }),
    onSuccess: ({ join_code }) =>
      writeAnswer<Group>(client, groupKeys.detail(uuid), (group) => (group ? { ...group, join_code } : group)),
  });
}
