import type { NudgeAnswer } from '@arbor/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { groupPath } from './keys.ts';

/** POST /api/groups/{uuid}/assignments/{id}/nudge/: one member, or (no ids) everyone not complete. */
export function useNudge(uuid: string, id: number) {
  return useMutation({
    mutationFn: (userIds?: number[]) =>
      api<NudgeAnswer>(groupPath(uuid, `assignments/${id}/nudge/`), {
        method: 'POST',
        body: userIds ? { user_ids: userIds } : {},
      }),
  });
}
