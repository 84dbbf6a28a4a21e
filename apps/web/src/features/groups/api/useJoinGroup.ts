import type { Group } from '@arbor/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { groupKeys } from './keys.ts';

/** POST /api/groups/join/: joins with a code, agreeing to share progress on assignments. */
export function useJoinGroup() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (code: string) =>
      api<Group>('/api/groups/join/', { method: 'POST', body: { code, share_progress: true } }),
    onSuccess: () => client.invalidateQueries({ queryKey: groupKeys.all }),
  });
}
