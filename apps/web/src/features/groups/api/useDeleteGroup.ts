import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { groupKeys, groupPath } from './keys.ts';

/** DELETE /api/groups/{uuid}/ (owner): the group, its members and assignments go. */
export function useDeleteGroup(uuid: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api<void>(groupPath(uuid), { method: 'DELETE' }),
    onSuccess: () => {
      client.removeQueries({ queryKey: groupKeys.detail(uuid) });
      void client.invalidateQueries({ queryKey: groupKeys.list() });
    },
  });
}
