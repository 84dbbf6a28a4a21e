import type { Paginated, RatingHistogram, Review, REVIEW_ORDERINGS } from '@arbor/contract';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { communityKeys } from './keys.ts';
import { nextPageOf } from './pages.ts';

export type ReviewOrdering = (typeof REVIEW_ORDERINGS)[number];
export const STARS = [5, 4, 3, 2, 1] as const;
const PAGE_SIZE = 10;

const listPath = (share: string) => `/api/community/trees-shared/${encodeURIComponent(share)}/reviews/`;
const onePath = (id: number, action = '') => `/api/community/reviews/${id}/${action ? `${action}/` : ''}`;

export interface ReviewFilter {
  ordering: ReviewOrdering;
  /** only reviews with this many stars */
  rating: number | null;
}

/** GET …/{share}/reviews/ page by page ("Load more"). */
export function useReviewList(share: string, filter: ReviewFilter) {
  return useInfiniteQuery({
    queryKey: [...communityKeys.reviews(share), 'list', filter],
    queryFn: ({ pageParam, signal }) =>
      api<Paginated<Review>>(listPath(share), {
        signal,
        query: { ordering: filter.ordering, rating: filter.rating, page: pageParam, page_size: PAGE_SIZE },
      }),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
  });
}

/**
 * How many ratings give each number of stars, 5 first: every rating the average counts, star-only
 * ones as well as written reviews (GET …/{share}/ratings/).
 */
export function useReviewHistogram(share: string) {
  const query = useQuery({
    queryKey: [...communityKeys.reviews(share), 'histogram'],
    queryFn: ({ signal }) =>
      api<RatingHistogram>(`/api/community/trees-shared/${encodeURIComponent(share)}/ratings/`, { signal }),
    staleTime: 30_000,
  });
  return {
    counts: STARS.map((stars) => query.data?.buckets.find((b) => b.stars === stars)?.count ?? 0),
    written: query.data?.written_count ?? 0,
    isPending: query.isPending,
  };
}

/** The signed-in user's review of the template, or null (`?author=`). */
export function useMyReview(share: string, username: string | undefined) {
  return useQuery({
    queryKey: [...communityKeys.reviews(share), 'mine', username],
    queryFn: ({ signal }) =>
      api<Paginated<Review>>(listPath(share), { signal, query: { author: username, page_size: 1 } }).then(
        (page) => page.results[0] ?? null,
      ),
    enabled: Boolean(username),
  });
}

/** After any write: the template's reviews and its rating counters (rating_avg, rating_count, my_rating). */
function useRefreshReviews(share: string) {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: communityKeys.reviews(share) });
    void client.invalidateQueries({ queryKey: communityKeys.detail(share) });
    void client.invalidateQueries({ queryKey: communityKeys.lists() });
  };
}

/** Writes my review: POST a new one (replacing any), or PATCH the one I have. */
export function useSaveReview(share: string) {
  const refresh = useRefreshReviews(share);
  return useMutation({
    mutationFn: ({ id, rating, body }: { id?: number; rating: number; body: string }) =>
      id
        ? api<Review>(onePath(id), { method: 'PATCH', body: { rating, body } })
        : api<Review>(listPath(share), { method: 'POST', body: { rating, body } }),
    onSuccess: refresh,
  });
}

export function useDeleteReview(share: string) {
  const refresh = useRefreshReviews(share);
  return useMutation({
    mutationFn: (id: number) => api<void>(onePath(id), { method: 'DELETE' }),
    onSuccess: refresh,
  });
}

/** POST /api/community/reviews/{id}/helpful/ with the state wanted (a double click cannot double-count). */
export function useHelpful(share: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, helpful }: { id: number; helpful: boolean }) =>
      api<{ helpful: boolean; helpful_count: number }>(onePath(id, 'helpful'), { method: 'POST', body: { helpful } }),
    onSuccess: () => void client.invalidateQueries({ queryKey: communityKeys.reviews(share) }),
  });
}

/** The template author's reply: written, edited, or removed with an empty body. */
export function useReviewReply(share: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: string }) =>
      api<Review>(onePath(id, 'reply'), { method: 'POST', body: { body } }),
    onSuccess: () => void client.invalidateQueries({ queryKey: communityKeys.reviews(share) }),
  });
}
