import type { Group, GroupKind } from '@arbor/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { groupKeys } from './keys.ts';

/** POST /api/groups/: a new group with me as its owner. */
export function useCreateGroup() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { name: string; kind: GroupKind; description?: string }) =>
      api<Group>('/api/groups/', { method: 'POST', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: groupKeys.list() }),
  });
}
