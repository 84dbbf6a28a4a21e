import type {
  Paginated,
  Suggestion,
  SuggestionAcceptBody,
  SuggestionConflict,
  SuggestionStatus,
  SuggestionWithData,
} from '@arbor/contract';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ApiError } from '../../../lib/api-client.ts';
import { communityKeys } from './keys.ts';
import { nextPageOf } from './pages.ts';
import { writeAnswer } from '../../../lib/write-answer.ts';

const PAGE_SIZE = 10;
const listPath = (share: string) => `/api/community/trees-shared/${encodeURIComponent(share)}/suggestions/`;
const onePath = (id: number, action = '') => `/api/community/suggestions/${id}/${action ? `${action}/` : ''}`;

/** GET …/{share}/suggestions/?status= page by page ("Load more"). */
export function useSuggestionList(share: string, status: SuggestionStatus) {
  return useInfiniteQuery({
    queryKey: [...communityKeys.suggestions(share), 'list', status],
    queryFn: ({ pageParam, signal }) =>
      api<Paginated<Suggestion>>(listPath(share), { signal, query: { status, page: pageParam, page_size: PAGE_SIZE } }),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
  });
}

/** GET /api/community/suggestions/{id}/ with its proposed document. */
export function useSuggestion(id: number | null) {
  return useQuery({
    queryKey: communityKeys.suggestion(id ?? 0),
    queryFn: ({ signal }) => api<SuggestionWithData>(onePath(id ?? 0), { signal }),
    enabled: id !== null,
  });
}

/** After a decision: the suggestion, the template's lists, and (accepted) the template and its history. */
function useRefresh(share: string) {
  const client = useQueryClient();
  return (suggestion: Suggestion) => {
    writeAnswer<SuggestionWithData>(client, communityKeys.suggestion(suggestion.id), (old) =>
      old ? { ...old, ...suggestion } : old,
    );
    void client.invalidateQueries({ queryKey: communityKeys.suggestions(share) });
    if (suggestion.status === 'accepted') {
      void client.invalidateQueries({ queryKey: communityKeys.history(share) });
      void client.invalidateQueries({ queryKey: communityKeys.detail(share) });
    }
  };
}

/** POST …/{share}/suggestions/ `{title, message?, tree}`: one of my trees' working copy proposed. */
export function useCreateSuggestion(share: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { title: string; message?: string; tree: number }) =>
      api<Suggestion>(listPath(share), { method: 'POST', body }),
    onSuccess: () => void client.invalidateQueries({ queryKey: communityKeys.suggestions(share) }),
  });
}

/** The nodes an accept could not merge (its 409), or null for any other failure. */
export function conflictsOf(error: unknown): SuggestionConflict[] | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const conflicts = error.body.conflicts;
  return Array.isArray(conflicts) ? (conflicts as SuggestionConflict[]) : null;
}

export function useAcceptSuggestion(share: string, id: number) {
  const refresh = useRefresh(share);
  return useMutation({
    mutationFn: (resolve?: SuggestionAcceptBody['resolve']) =>
      api<Suggestion>(onePath(id, 'accept'), { method: 'POST', body: resolve ? { resolve } : {} }),
    onSuccess: refresh,
  });
}

export function useRejectSuggestion(share: string, id: number) {
  const refresh = useRefresh(share);
  return useMutation({
    mutationFn: (reason: string) => api<Suggestion>(onePath(id, 'reject'), { method: 'POST', body: { reason } }),
    onSuccess: refresh,
  });
}

export function useWithdrawSuggestion(share: string, id: number) {
  const refresh = useRefresh(share);
  return useMutation({
    mutationFn: () => api<Suggestion>(onePath(id, 'withdraw'), { method: 'POST' }),
    onSuccess: refresh,
  });
}
