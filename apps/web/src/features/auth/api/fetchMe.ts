import { api } from '../../../lib/api-client.ts';
import type { Me } from './types.ts';

/**
 * GET /api/profile/users/me/ with a token that is not stored yet: a fresh login is only committed to
 * the token store once we know who it belongs to, so a half-finished login never shows as logged in.
 */
export function fetchMeWith(access: string): Promise<Me> {
  return api<Me>('/api/profile/users/me/', { auth: false, headers: { authorization: `Bearer ${access}` } });
}
