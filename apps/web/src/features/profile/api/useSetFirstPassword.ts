import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { sessionStore, updateMe } from '../../../lib/session.ts';

/** POST /api/profile/set_first_password/: only for accounts made by code that have no password yet. */
export function useSetFirstPassword() {
  return useMutation({
    mutationFn: (password: string) =>
      api<unknown>('/api/profile/set_first_password/', { method: 'POST', body: { password } }),
    onSuccess: () => {
      const me = sessionStore.get().user;
      if (me) updateMe({ ...me, has_password: true });
    },
  });
}
