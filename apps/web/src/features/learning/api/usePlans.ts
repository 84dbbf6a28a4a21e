import type { Plan, PlanBody } from '@arbor/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { subjectParams, type SubjectRef } from './useProgress.ts';

export const plansKey = ['learning', 'plans'] as const;

/** GET /api/learn/plans/: the learner's plans (one per subject), computed when read. */
export function usePlans(enabled = true) {
  return useQuery({
    queryKey: plansKey,
    queryFn: ({ signal }) => api<Plan[]>('/api/learn/plans/', { signal }),
    enabled,
  });
}

/** The plan of one subject among the learner's plans (undefined when there is none). */
export const planOf = (plans: readonly Plan[] | undefined, subject: SubjectRef): Plan | undefined =>
  plans?.find((p) => p.subject.kind === subject.kind && p.subject.uuid === subject.uuid);

export interface PlanRequest {
  subject: SubjectRef;
  /** a node id; the whole tree when absent */
  target?: string | null;
  /** YYYY-MM-DD; today when absent */
  start_date?: string;
}

/** PUT /api/learn/plans/: makes (or replaces) the subject's plan. */
export function useSavePlan() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ subject, target, start_date }: PlanRequest) => {
      const body = {
        ...subjectParams(subject),
        ...(target ? { target } : {}),
        ...(start_date ? { start_date } : {}),
      } satisfies PlanBody;
      return api<Plan>('/api/learn/plans/', { method: 'PUT', body });
    },
    onSuccess: (plan) => {
      client.setQueryData<Plan[]>(plansKey, (old) =>
        old ? [...old.filter((p) => p.id !== plan.id && p.subject.uuid !== plan.subject.uuid), plan] : old,
      );
      void client.invalidateQueries({ queryKey: plansKey });
    },
  });
}

/** DELETE /api/learn/plans/{id}/ */
export function useDeletePlan() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<void>(`/api/learn/plans/${id}/`, { method: 'DELETE' }),
    onSuccess: (_, id) => {
      client.setQueryData<Plan[]>(plansKey, (old) => old?.filter((p) => p.id !== id));
      void client.invalidateQueries({ queryKey: plansKey });
    },
  });
}
