import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { updateMe, type Me } from '../../../lib/session.ts';
import { addressKey, type Channel } from '../../auth/index.ts';

/** POST /api/auth/ses/bind_email/ or /api/auth/sms/bind_phone/: binds (or replaces) the address. */
export function useBindAddress() {
  return useMutation({
    mutationFn: ({ channel, address, code }: { channel: Channel; address: string; code: string }) =>
      api<Me>(`/api/auth/${channel}/${channel === 'ses' ? 'bind_email' : 'bind_phone'}/`, {
        method: 'POST',
        body: { [addressKey(channel)]: address, code },
      }),
    onSuccess: (me) => updateMe(me),
  });
}
