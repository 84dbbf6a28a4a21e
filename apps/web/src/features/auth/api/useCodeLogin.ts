import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { addressKey, type Channel, type LoginAnswer } from './types.ts';

/** POST /api/auth/ses/login/ or /api/auth/sms/login/ with a `login` code. */
export function useCodeLogin() {
  return useMutation({
    mutationFn: ({ channel, address, code }: { channel: Channel; address: string; code: string }) =>
      api<LoginAnswer>(`/api/auth/${channel}/login/`, {
        method: 'POST',
        body: { [addressKey(channel)]: address, code },
        auth: false,
      }),
  });
}
