import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { groupKeys, groupPath } from './keys.ts';

/** DELETE /api/groups/{uuid}/members/{user id}/: remove a member, or leave (my own id). */
export function useRemoveMember(uuid: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) => api<void>(groupPath(uuid, `members/${userId}/`), { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: groupKeys.all }),
  });
}
