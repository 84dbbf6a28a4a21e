import type { Note } from '@arbor/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { learningKeys, subjectParams, type SubjectRef } from './useProgress.ts';

/** GET /api/learn/notes/?tree=|share=: the learner's notes on a subject, one per node. */
export function fetchNotes(subject: SubjectRef, signal?: AbortSignal): Promise<Note[]> {
  return api<Note[]>('/api/learn/notes/', { query: subjectParams(subject), signal });
}

export function useNotes(subject: SubjectRef, enabled = true) {
  return useQuery({
    queryKey: learningKeys.notes(subject),
    queryFn: ({ signal }) => fetchNotes(subject, signal),
    enabled,
  });
}
