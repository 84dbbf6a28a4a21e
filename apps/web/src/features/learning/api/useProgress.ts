import type { Progress, SubjectKind } from '@arbor/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { readThrough } from '../../offline/index.ts';

/** What a learner learns: one of their readable trees, or a community template (API.md "Learning"). */
export interface SubjectRef {
  kind: SubjectKind;
  uuid: string;
}

/** The subject as the API names it: `{tree: uuid}` or `{share: uuid}` (query or body). */
export const subjectParams = (subject: SubjectRef) => ({ [subject.kind]: subject.uuid }) as Record<SubjectKind, string>;

/** Query keys of the learning feature, per subject. */
export const learningKeys = {
  all: ['learning'] as const,
  progress: (s: SubjectRef) => ['learning', 'progress', s.kind, s.uuid] as const,
  notes: (s: SubjectRef) => ['learning', 'notes', s.kind, s.uuid] as const,
  path: (s: SubjectRef, target: string) => ['learning', 'path', s.kind, s.uuid, target] as const,
};

/** GET /api/learn/progress/?tree=|share=; kept for offline use, and the kept copy when offline. */
export function fetchProgress(subject: SubjectRef, signal?: AbortSignal): Promise<Progress> {
  return readThrough(
    () => api<Progress>('/api/learn/progress/', { query: subjectParams(subject), signal }),
    (store, db, progress) => store.keepSubject(db, subject, { progress }, new Date()),
    async (store, db) => (await store.keptSubject(db, subject))?.progress,
  );
}

/** The learner's progress on a subject: statuses, the locked set and the summary. */
export function useProgress(subject: SubjectRef, enabled = true) {
  return useQuery({
    queryKey: learningKeys.progress(subject),
    queryFn: ({ signal }) => fetchProgress(subject, signal),
    enabled,
  });
}
