import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { addressKey, type Channel, type CodePurpose, type CodeSent } from './types.ts';

interface SendCodeInput {
  channel: Channel;
  purpose: CodePurpose;
  /** email for `ses`, E.164 phone for `sms` */
  address: string;
  altcha: string;
}

/** POST /api/ses/send/{purpose}/ or /api/sms/send/{purpose}/: mails or texts a one-time code. */
export function useSendCode() {
  return useMutation({
    mutationFn: ({ channel, purpose, address, altcha }: SendCodeInput) =>
      api<CodeSent>(`/api/${channel}/send/${purpose}/`, {
        method: 'POST',
        body: { [addressKey(channel)]: address, altcha },
      }),
  });
}
