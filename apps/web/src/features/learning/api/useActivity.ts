import type { Activity } from '@arbor/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { learningHomeKeys } from './useSubjects.ts';

/** A year and a week: enough for 53 heatmap columns whatever the weekday today is. */
export const ACTIVITY_DAYS = 366;

/** GET /api/learn/activity/?days=: one entry per day, oldest first, ending today in the learner's time zone. */
export const useActivity = (days = ACTIVITY_DAYS) =>
  useQuery({
    queryKey: learningHomeKeys.activity(days),
    queryFn: ({ signal }) => api<Activity>('/api/learn/activity/', { signal, query: { days } }),
  });
