import type { Profile, ProfileWriteBody } from '@arbor/contract';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { sessionStore, updateMe } from '../../../lib/session.ts';

/** PATCH /api/profile/profiles/{id}/: nickname, bio, locale of the caller's own profile. */
export function useUpdateProfile() {
  return useMutation({
    mutationFn: ({ id, ...body }: { id: number } & z.input<typeof ProfileWriteBody>) =>
      api<Profile>(`/api/profile/profiles/${id}/`, { method: 'PATCH', body }),
    onSuccess: (profile) => {
      const me = sessionStore.get().user;
      if (me) updateMe({ ...me, profile });
    },
  });
}
