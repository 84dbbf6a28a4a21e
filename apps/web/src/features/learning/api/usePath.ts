import type { LearningPath } from '@arbor/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { learningKeys, subjectParams, type SubjectRef } from './useProgress.ts';

/** GET /api/learn/path/?tree=|share=&target=: what is left before the target, in order, with total minutes. */
export function fetchPath(subject: SubjectRef, target: string, signal?: AbortSignal): Promise<LearningPath> {
  return api<LearningPath>('/api/learn/path/', { query: { ...subjectParams(subject), target }, signal });
}

/** The goal path to `target` (null: none asked for). Progress changes make it stale, so it is always refetched on mount. */
export function usePath(subject: SubjectRef, target: string | null) {
  return useQuery({
    queryKey: learningKeys.path(subject, target ?? ''),
    queryFn: ({ signal }) => fetchPath(subject, target!, signal),
    enabled: target !== null,
    staleTime: 0,
  });
}
