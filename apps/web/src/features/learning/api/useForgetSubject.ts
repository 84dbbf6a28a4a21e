import type { SubjectKind } from '@arbor/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { learningHomeKeys } from './useSubjects.ts';

/** DELETE /api/learn/subjects/?tree=|share=: forgets the subject's progress, notes, cards and plan. */
export function useForgetSubject() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, uuid }: { kind: SubjectKind; uuid: string }) =>
      api<void>('/api/learn/subjects/', {
        method: 'DELETE',
        query: kind === 'tree' ? { tree: uuid } : { share: uuid },
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: learningHomeKeys.all }),
  });
}
