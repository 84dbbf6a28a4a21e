import type { Memory, Workload } from '@arbor/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { learnerSettingsKey } from './useLearnerSettings.ts';
import { subjectParams, type SubjectRef } from './useProgress.ts';

/** Query keys of the memory view (under recall's root, so any review refreshes them). */
export const memoryKeys = {
  memory: (s: SubjectRef, at: string | null) => ['recall', 'memory', s.kind, s.uuid, at] as const,
  workload: (retention: number, days: number) => ['recall', 'workload', retention, days] as const,
};

/**
 * GET /api/learn/memory/?tree=|share=[&at=]: one answer for the whole canvas (never a call per node);
 * while the date slider moves, the previous answer stays shown.
 */
export function useMemory(subject: SubjectRef, at: string | null, enabled: boolean) {
  return useQuery({
    queryKey: memoryKeys.memory(subject, at),
    queryFn: ({ signal }) =>
      api<Memory>('/api/learn/memory/', { signal, query: { ...subjectParams(subject), at: at ?? undefined } }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** GET /api/learn/memory/workload/?retention=&days=: the forecast of due reviews a day at a retention. */
export function useWorkload(retention: number, days = 30) {
  return useQuery({
    queryKey: memoryKeys.workload(retention, days),
    queryFn: ({ signal }) => api<Workload>('/api/learn/memory/workload/', { signal, query: { retention, days } }),
    staleTime: 5 * 60_000,
    placeholderData: keepPreviousData,
  });
}

/** POST /api/learn/memory/optimize/: queues the optimiser; the settings' figures change when it is done. */
export function useOptimize() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api<{ status: 'queued' }>('/api/learn/memory/optimize/', { method: 'POST' }),
    onSuccess: () => void client.invalidateQueries({ queryKey: learnerSettingsKey }),
  });
}
