import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { groupKeys, groupPath } from './keys.ts';

/** DELETE /api/groups/{uuid}/assignments/{id}/ (owner, mentors) */
export function useDeleteAssignment(uuid: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<void>(groupPath(uuid, `assignments/${id}/`), { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: groupKeys.detail(uuid) }),
  });
}
