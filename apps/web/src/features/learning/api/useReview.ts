import type {
  Card,
  LearnerSettings,
  Paginated,
  ReviewBody,
  ReviewQueue,
  ReviewResult,
  ReviewStats,
} from '@arbor/contract';
import { useQueries, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { NODE_CARDS_PAGE_SIZE, recallKeys } from './useCards.ts';
import { subjectParams, type SubjectRef } from './useProgress.ts';
import { SESSION_LIMIT_DEFAULT, type ReviewSessionSpec } from '../components/recall/review-session-link.ts';

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

/** GET /api/learn/review/ for a session other than today's whole queue (one subject, ahead, at risk). */
export function useReviewSession(spec: ReviewSessionSpec | null) {
  return useQuery({
    queryKey: [...recallKeys.queue(), 'session', spec] as const,
    queryFn: ({ signal }) =>
      api<ReviewQueue>('/api/learn/review/', {
        signal,
        query: {
          limit: spec!.limit ?? (spec!.mode === 'due' ? REVIEW_QUEUE_LIMIT : SESSION_LIMIT_DEFAULT),
          ...(spec!.mode === 'due' ? {} : { mode: spec!.mode }),
          ...(spec!.days !== undefined ? { days: spec!.days } : {}),
          ...(spec!.subject ? subjectParams(spec!.subject) : {}),
        },
      }),
    enabled: spec !== null,
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

/** A review's answer; `strengthened` names the prerequisites implicit credit refreshed (absent from older servers). */
export type ReviewAnswer = Omit<ReviewResult, 'strengthened'> & Partial<Pick<ReviewResult, 'strengthened'>>;

/** POST /api/learn/cards/{id}/review/ (safe to repeat with the same review_id). */
export const postReview = (cardId: number, body: ReviewBody) =>
  api<ReviewAnswer>(`/api/learn/cards/${cardId}/review/`, { method: 'POST', body });

/** POST /api/learn/cards/{id}/undo/: the card as it was before its last review. */
export const postUndo = (cardId: number) => api<Card>(`/api/learn/cards/${cardId}/undo/`, { method: 'POST' });

/**
 * The learner's cards on some nodes of a subject ("Review these" from the memory view): GET
 * /api/learn/review/ cannot name nodes, so each node's cards are asked for (a handful of nodes),
 * then the reviewed ones are kept, soonest due first.
 */
export function useNodesReviewCards(scope: { subject: SubjectRef; nodeIds: readonly string[] } | null) {
  return useQueries({
    queries: (scope?.nodeIds ?? []).map((nodeId) => ({
      queryKey: [...recallKeys.nodeCards(scope!.subject, nodeId), 'session'],
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        api<Paginated<Card>>('/api/learn/cards/', {
          signal,
          query: { ...subjectParams(scope!.subject), node_id: nodeId, page_size: NODE_CARDS_PAGE_SIZE },
        }),
      staleTime: Infinity,
      refetchOnWindowFocus: false,
    })),
    combine: (results) => ({
      isError: results.some((r) => r.isError),
      refetch: () => Promise.all(results.map((r) => r.refetch())),
      cards: results.every((r) => r.isSuccess)
        ? results
            .flatMap((r) => r.data!.results)
            .filter((card) => card.state !== 'new')
            .sort((a, b) => a.due.localeCompare(b.due))
        : undefined,
    }),
  });
}
