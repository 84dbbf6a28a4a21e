import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { addressKey, type Channel } from './types.ts';

interface PasswordResetInput {
  channel: Channel;
  address: string;
  code: string;
  new_password: string;
}

/** POST /api/auth/password/reset/: sets a new password and revokes every refresh token of the account. */
export function usePasswordReset() {
  return useMutation({
    mutationFn: ({ channel, address, ...rest }: PasswordResetInput) =>
      api<{ detail: string }>('/api/auth/password/reset/', {
        method: 'POST',
        body: { [addressKey(channel)]: address, ...rest },
        auth: false,
      }),
  });
}
