import type { AvatarAnswer } from '@arbor/contract';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { sessionStore, updateMe } from '../../../lib/session.ts';

/** POST /api/profile/profiles/upload_avatar/ with the cropped image as multipart field `avatar`. */
export function useUploadAvatar() {
  return useMutation({
    mutationFn: (image: Blob) => {
      const form = new FormData();
      form.append('avatar', image, image.type === 'image/webp' ? 'avatar.webp' : 'avatar.png');
      return api<z.infer<typeof AvatarAnswer>>('/api/profile/profiles/upload_avatar/', { method: 'POST', body: form });
    },
    onSuccess: ({ avatar, avatar_url }) => {
      const me = sessionStore.get().user;
      if (me) updateMe({ ...me, profile: { ...me.profile, avatar, avatar_url } });
    },
  });
}
