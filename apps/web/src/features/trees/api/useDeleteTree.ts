import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { treeKeys } from './types.ts';

/** DELETE /api/tree/skills_tree/{id}/: the tree, its versions and images. */
export function useDeleteTree() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<void>(`/api/tree/skills_tree/${id}/`, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: treeKeys.lists() }),
  });
}
