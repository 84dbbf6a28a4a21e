import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { fetchMeWith } from './fetchMe.ts';
import type { LoginAnswer, TokenPair } from './types.ts';

interface TokenLoginInput {
  /** username, email or phone */
  username: string;
  password: string;
}

/** POST /api/token/ then GET me: the token endpoint answers only the pair, not the user. */
export async function tokenLogin(input: TokenLoginInput): Promise<LoginAnswer> {
  const pair = await api<TokenPair>('/api/token/', { method: 'POST', body: input, auth: false });
  return { ...pair, user: await fetchMeWith(pair.access) };
}

export function useTokenLogin() {
  return useMutation({ mutationFn: tokenLogin });
}
