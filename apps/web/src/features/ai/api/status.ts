import type { AiStatus } from '@arbor/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { aiKeys } from './keys.ts';

/** GET /api/llm/status/: whether AI is usable and how much of today's quota is left. */
export function useAiStatus(enabled = true) {
  return useQuery({
    queryKey: aiKeys.status(),
    enabled,
    staleTime: 30_000,
    queryFn: ({ signal }) => api<AiStatus>('/api/llm/status/', { signal }),
  });
}
