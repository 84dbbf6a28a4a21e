import type { Progress, ProgressBulkBody } from '@arbor/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { learningKeys, subjectParams, type SubjectRef } from './useProgress.ts';
import { writeAnswer } from '../../../lib/write-answer.ts';

type BulkItems = ProgressBulkBody['items'];

/** POST /api/learn/progress/bulk/: 1–500 statuses at once, all or nothing. */
export function postBulkProgress(subject: SubjectRef, items: BulkItems): Promise<Progress> {
  const body = { ...subjectParams(subject), items } satisfies ProgressBulkBody;
  return api<Progress>('/api/learn/progress/bulk/', { method: 'POST', body });
}

/** Sets many statuses in one call; the answer replaces the cached progress. */
export function useBulkProgress(subject: SubjectRef) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (items: BulkItems) => postBulkProgress(subject, items),
    onSuccess: (progress) => writeAnswer(client, learningKeys.progress(subject), progress),
  });
}
