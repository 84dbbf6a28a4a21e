import type { Card, LearnerSettings, ReviewBody, ReviewQueue, ReviewResult, ReviewStats } from '@arbor/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { recallKeys } from './useCards.ts';

export const REVIEW_QUEUE_LIMIT = 100;

/** GET /api/learn/review/: today's due cards (learning first), then new ones up to the daily limit. */
export function useReviewQueue(enabled = true) {
  return useQuery({
    queryKey: recallKeys.queue(),
    queryFn: ({ signal }) => api<ReviewQueue>('/api/learn/review/', { signal, query: { limit: REVIEW_QUEUE_LIMIT } }),
    enabled,
    // a session works on its own copy; a refetch in the middle would reshuffle it
    staleTime: Infinity,
    refetchOnMount: 'always',
    refetchOnWindowFocus: false,
  });
}

/** GET /api/learn/review/stats/ */
export function useReviewStats() {
  return useQuery({
    queryKey: recallKeys.stats(),
    queryFn: ({ signal }) => api<ReviewStats>('/api/learn/review/stats/', { signal }),
  });
}

/** GET /api/learn/settings/: the session only needs request_retention. */
export function useLearnerSettings() {
  return useQuery({
    queryKey: recallKeys.settings(),
    queryFn: ({ signal }) => api<LearnerSettings>('/api/learn/settings/', { signal }),
    staleTime: 5 * 60_000,
  });
}

/** POST /api/learn/cards/{id}/review/ (safe to repeat with the same review_id). */
export const postReview = (cardId: number, body: ReviewBody) =>
  api<ReviewResult>(`/api/learn/cards/${cardId}/review/`, { method: 'POST', body });

/** POST /api/learn/cards/{id}/undo/: the card as it was before its last review. */
export const postUndo = (cardId: number) => api<Card>(`/api/learn/cards/${cardId}/undo/`, { method: 'POST' });
