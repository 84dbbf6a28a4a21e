import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { updateMe, type Me } from '../../../lib/session.ts';
import type { Channel } from '../../auth/index.ts';

/**
 * POST /api/auth/ses/cancel_email/ or /api/auth/sms/cancel_phone/ with the code sent to the bound
 * address. The server refuses when it would leave the account with no way to log in.
 */
export function useCancelAddress() {
  return useMutation({
    mutationFn: ({ channel, code }: { channel: Channel; code: string }) =>
      api<Me>(`/api/auth/${channel}/${channel === 'ses' ? 'cancel_email' : 'cancel_phone'}/`, {
        method: 'POST',
        body: { code },
      }),
    onSuccess: (me) => updateMe(me),
  });
}
