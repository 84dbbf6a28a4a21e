import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { updateMe, type Me } from '../../../lib/session.ts';

/** PATCH /api/profile/users/{id}/ with the one field a user may change on their account. */
export function useUpdateUsername() {
  return useMutation({
    mutationFn: ({ id, username }: { id: number; username: string }) =>
      api<Me>(`/api/profile/users/${id}/`, { method: 'PATCH', body: { username } }),
    onSuccess: (me) => updateMe(me),
  });
}
