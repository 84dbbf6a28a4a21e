import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** DELETE /api/profile/users/{id}/: the caller's own account, confirmed by password when it has one. */
export function useDeleteAccount() {
  return useMutation({
    mutationFn: ({ id, password }: { id: number; password?: string }) =>
      api<unknown>(`/api/profile/users/${id}/`, { method: 'DELETE', body: password ? { password } : {} }),
  });
}
