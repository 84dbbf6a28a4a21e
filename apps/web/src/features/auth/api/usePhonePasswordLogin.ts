import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { LoginAnswer } from './types.ts';

/** POST /api/auth/phone-password/login/ */
export function usePhonePasswordLogin() {
  return useMutation({
    mutationFn: (input: { phone: string; password: string }) =>
      api<LoginAnswer>('/api/auth/phone-password/login/', { method: 'POST', body: input, auth: false }),
  });
}
