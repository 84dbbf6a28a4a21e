import type { LearningSubjectSummary, Paginated } from '@arbor/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { readThrough } from '../../offline/index.ts';

/** Query keys of what the learning home reads; one root so forgetting a subject refreshes them all. */
export const learningHomeKeys = {
  all: ['learning'] as const,
  subjects: (page: number) => ['learning', 'subjects', page] as const,
  activity: (days: number) => ['learning', 'activity', days] as const,
  stats: (days: number) => ['learning', 'stats', days] as const,
};

export const SUBJECTS_PAGE_SIZE = 12;

/**
 * GET /api/learn/subjects/: what the caller learns, newest activity first, one page. The first page is
 * kept for offline use (and forgets the subjects no longer learnt), and answers when offline.
 */
export const fetchSubjects = (page: number, signal?: AbortSignal) => {
  const fetch = () =>
    api<Paginated<LearningSubjectSummary>>('/api/learn/subjects/', {
      signal,
      query: { page: page > 1 ? page : undefined, page_size: SUBJECTS_PAGE_SIZE },
    });
  if (page > 1) return fetch();
  return readThrough(
    fetch,
    (store, db, list) => store.keepSubjectList(db, list, new Date()),
    (store, db) => store.keptSubjectList(db),
  );
};

/** The subjects on one page of `/learn`; the previous page stays shown while the next loads. */
export const useSubjects = (page: number) =>
  useQuery({
    queryKey: learningHomeKeys.subjects(page),
    queryFn: ({ signal }) => fetchSubjects(page, signal),
    placeholderData: keepPreviousData,
  });
