import type { LearnStats } from '@arbor/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { learningHomeKeys } from './useSubjects.ts';

/** GET /api/learn/stats/?days=: the caller's explicit reviews per day, time spent and retention by interval. */
export const useLearnStats = (days: number) =>
  useQuery({
    queryKey: learningHomeKeys.stats(days),
    queryFn: ({ signal }) => api<LearnStats>('/api/learn/stats/', { signal, query: { days } }),
    placeholderData: keepPreviousData,
  });
