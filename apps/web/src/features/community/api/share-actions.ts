import type { ShareTreeAnswer, ShareWithData } from '@arbor/contract';
import { useMutation, useMutationState, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { communityKeys } from './keys.ts';
import { writeAnswer } from '../../../lib/write-answer.ts';

const sharePath = (id: string, action = '') =>
  `/api/community/trees-shared/${encodeURIComponent(id)}/${action ? `${action}/` : ''}`;

/** Writes a partial update into the cached template so the page reflects it at once. */
function usePatchCachedShare(id: string) {
  const client = useQueryClient();
  return (patch: Partial<ShareWithData>) => {
    writeAnswer<ShareWithData>(client, communityKeys.detail(id), (old) => (old ? { ...old, ...patch } : old));
    void client.invalidateQueries({ queryKey: communityKeys.lists() });
  };
}

/** POST …/{id}/like/ with an explicit state, so a double click can never double-count. */
export function useLikeShare(id: string) {
  const patch = usePatchCachedShare(id);
  return useMutation({
    mutationFn: (liked: boolean) =>
      api<{ liked: boolean; likes_count: number }>(sharePath(id, 'like'), { method: 'POST', body: { liked } }),
    onSuccess: (answer) => patch(answer),
  });
}

/** POST …/{id}/rate/ — a rating is also my review's stars, when I wrote one. */
export function useRateShare(id: string) {
  const patch = usePatchCachedShare(id);
  const client = useQueryClient();
  return useMutation({
    mutationFn: (score: number) =>
      api<{ my_rating: number; rating_avg: number; rating_count: number }>(sharePath(id, 'rate'), {
        method: 'POST',
        body: { score },
      }),
    onSuccess: (answer) => {
      patch(answer);
      void client.invalidateQueries({ queryKey: communityKeys.reviews(id) });
    },
  });
}

const viewKey = (id: string) => ['community', 'view', id] as const;

/**
 * POST …/{id}/view/ — counted once per viewer per day by the server. The answer's count is read by the page's
 * views figure (`useCountedViews`), not written into the cached template: the view is counted as the page
 * opens, and every part of the page that reads the template would re-render for it, synchronously.
 */
export function useCountView(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationKey: viewKey(id),
    mutationFn: () => api<{ views_count: number }>(sharePath(id, 'view'), { method: 'POST' }),
    onSuccess: () => void client.invalidateQueries({ queryKey: communityKeys.lists(), refetchType: 'none' }),
  });
}

/** The template's views as its last counted view answered, if one was counted in this visit. */
export function useCountedViews(id: string): number | undefined {
  return useMutationState({
    filters: { mutationKey: viewKey(id), status: 'success' },
    select: (mutation) => (mutation.state.data as { views_count: number } | undefined)?.views_count,
  }).at(-1);
}

/** POST …/{id}/use_tree/ → the new private tree. */
export function useUseTemplate(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (title?: string) =>
      api<{ tree: { id: number; uuid: string; title: string } }>(sharePath(id, 'use_tree'), {
        method: 'POST',
        body: title ? { title } : {},
      }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: communityKeys.detail(id) });
      void client.invalidateQueries({ queryKey: ['trees'] });
    },
  });
}

/** PATCH …/{id}/ (author or admin). */
export function useUpdateShare(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { title?: string; description?: string; tags?: string[] }) =>
      api<ShareWithData>(sharePath(id), { method: 'PATCH', body }),
    onSuccess: (share) => {
      writeAnswer(client, communityKeys.detail(id), share);
      void client.invalidateQueries({ queryKey: communityKeys.lists() });
    },
  });
}

/** DELETE …/{id}/ (author or admin). */
export function useDeleteShare(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api<void>(sharePath(id), { method: 'DELETE' }),
    onSuccess: () => void client.invalidateQueries({ queryKey: communityKeys.all }),
  });
}

/** POST /api/community/trees-shared/share_tree/ — share (or re-share) one of my trees. */
export function useShareTree() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: {
      tree: number;
      version?: number;
      title?: string;
      description?: string;
      tags?: string[];
      cover?: string;
      /** the changelog line of the revision this share records */
      message?: string;
    }) => api<ShareTreeAnswer>('/api/community/trees-shared/share_tree/', { method: 'POST', body }),
    onSuccess: () => void client.invalidateQueries({ queryKey: communityKeys.all }),
  });
}
