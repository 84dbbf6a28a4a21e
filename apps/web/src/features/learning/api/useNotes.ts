import type { Note } from '@arbor/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { readThrough } from '../../offline/index.ts';
import { learningKeys, subjectParams, type SubjectRef } from './useProgress.ts';

/**
 * GET /api/learn/notes/?tree=|share=: the learner's notes on a subject, one per node; kept for offline
 * use, and the kept copy when offline.
 */
export function fetchNotes(subject: SubjectRef, signal?: AbortSignal): Promise<Note[]> {
  return readThrough(
    () => api<Note[]>('/api/learn/notes/', { query: subjectParams(subject), signal }),
    (store, db, notes) => store.keepSubject(db, subject, { notes }, new Date()),
    async (store, db) => (await store.keptSubject(db, subject))?.notes,
  );
}

export function useNotes(subject: SubjectRef, enabled = true) {
  return useQuery({
    queryKey: learningKeys.notes(subject),
    queryFn: ({ signal }) => fetchNotes(subject, signal),
    enabled,
  });
}
