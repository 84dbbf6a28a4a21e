import type { Assignment } from '@arbor/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { groupKeys, groupPath } from './keys.ts';

export interface AssignmentDraft {
  share?: string;
  tree?: string;
  target?: string | null;
  due_date?: string | null;
  note?: string;
}

/** POST /api/groups/{uuid}/assignments/ (owner, mentors): a template or one of my trees. */
export function useCreateAssignment(uuid: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AssignmentDraft) => api<Assignment>(groupPath(uuid, 'assignments/'), { method: 'POST', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: groupKeys.detail(uuid) }),
  });
}
