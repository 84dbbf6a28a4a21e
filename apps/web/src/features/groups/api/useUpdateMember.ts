import type { GroupMember, GroupMemberUpdate } from '@arbor/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { groupKeys, groupPath } from './keys.ts';

/** PATCH /api/groups/{uuid}/members/{user id}/ (owner): make a member a mentor or back. */
export function useUpdateMember(uuid: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, role }: { userId: number } & GroupMemberUpdate) =>
      api<GroupMember>(groupPath(uuid, `members/${userId}/`), { method: 'PATCH', body: { role } }),
    onSuccess: () => client.invalidateQueries({ queryKey: groupKeys.members(uuid) }),
  });
}
