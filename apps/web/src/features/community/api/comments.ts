import type { Comment, CommentNodeCounts, Paginated } from '@arbor/contract';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { communityKeys } from './keys.ts';
import { nextPageOf } from './pages.ts';

const PAGE_SIZE = 10;
const REPLIES_PAGE_SIZE = 20;
const listPath = (share: string, tail = '') =>
  `/api/community/trees-shared/${encodeURIComponent(share)}/comments/${tail}`;
const onePath = (id: number) => `/api/community/comments/${id}/`;

/** The template's threads (their top-level comments, newest first), optionally only those on one node. */
export function useThreads(share: string, nodeId: string | null) {
  return useInfiniteQuery({
    queryKey: [...communityKeys.comments(share), 'threads', nodeId],
    queryFn: ({ pageParam, signal }) =>
      api<Paginated<Comment>>(listPath(share), {
        signal,
        query: { node_id: nodeId, page: pageParam, page_size: PAGE_SIZE },
      }),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
  });
}

/** One thread's replies, oldest first; loaded when the thread is opened. */
export function useReplies(share: string, parent: number, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: [...communityKeys.comments(share), 'replies', parent],
    queryFn: ({ pageParam, signal }) =>
      api<Paginated<Comment>>(listPath(share), {
        signal,
        query: { parent, page: pageParam, page_size: REPLIES_PAGE_SIZE },
      }),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
    enabled,
  });
}

/** GET …/comments/node_counts/ → `{"<node id>": count}`, for the badges on the canvas. */
export function useNodeCommentCounts(share: string, enabled = true) {
  return useQuery({
    enabled,
    queryKey: [...communityKeys.comments(share), 'node-counts'],
    queryFn: ({ signal }) => api<CommentNodeCounts>(listPath(share, 'node_counts/'), { signal }),
    staleTime: 30_000,
  });
}

/** Every write refreshes the template's threads, replies and node counts. */
function useCommentWrite<V>(share: string, mutationFn: (vars: V) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => void client.invalidateQueries({ queryKey: communityKeys.comments(share) }),
  });
}

export const usePostComment = (share: string) =>
  useCommentWrite(share, (body: { body: string; node_id?: string; parent?: number }) =>
    api<Comment>(listPath(share), { method: 'POST', body }),
  );

export const useEditComment = (share: string) =>
  useCommentWrite(share, ({ id, body }: { id: number; body: string }) =>
    api<Comment>(onePath(id), { method: 'PATCH', body: { body } }),
  );

export const useDeleteComment = (share: string) =>
  useCommentWrite(share, (id: number) => api<void>(onePath(id), { method: 'DELETE' }));
