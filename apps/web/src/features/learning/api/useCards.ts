import type {
  Card,
  CardCreateBody,
  CardDraft,
  CardPatchBody,
  CardState,
  GeneratedCards,
  GenerateCardsBody,
  Paginated,
} from '@arbor/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import { subjectParams, type SubjectRef } from './useProgress.ts';

/** Query keys of recall; one root so any card change refreshes the lists, the queue and the stats. */
export const recallKeys = {
  all: ['recall'] as const,
  nodeCards: (s: SubjectRef, nodeId: string) => ['recall', 'cards', 'node', s.kind, s.uuid, nodeId] as const,
  ownCards: (page: number, state: CardState | null) => ['recall', 'cards', 'own', page, state] as const,
  queue: () => ['recall', 'queue'] as const,
  stats: () => ['recall', 'stats'] as const,
  settings: () => ['recall', 'settings'] as const,
};

export const NODE_CARDS_PAGE_SIZE = 100;
export const OWN_CARDS_PAGE_SIZE = 10;

/** GET /api/learn/cards/?tree=|share=&node_id=: the learner's cards on one node (a node has few). */
export function useNodeCards(subject: SubjectRef, nodeId: string) {
  return useQuery({
    queryKey: recallKeys.nodeCards(subject, nodeId),
    queryFn: ({ signal }) =>
      api<Paginated<Card>>('/api/learn/cards/', {
        signal,
        query: { ...subjectParams(subject), node_id: nodeId, page_size: NODE_CARDS_PAGE_SIZE },
      }),
  });
}

/** GET /api/learn/cards/?state=: one page of all the learner's cards. */
export function useOwnCards(page: number, state: CardState | null) {
  return useQuery({
    queryKey: recallKeys.ownCards(page, state),
    queryFn: ({ signal }) =>
      api<Paginated<Card>>('/api/learn/cards/', {
        signal,
        query: { page: page > 1 ? page : undefined, page_size: OWN_CARDS_PAGE_SIZE, state: state ?? undefined },
      }),
    placeholderData: keepPreviousData,
  });
}

function useRefreshRecall() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: recallKeys.all });
}

/** POST /api/learn/cards/ */
export function useCreateCard(subject: SubjectRef) {
  const refresh = useRefreshRecall();
  return useMutation({
    mutationFn: ({ nodeId, front, back }: { nodeId: string } & CardDraft) =>
      api<Card>('/api/learn/cards/', {
        method: 'POST',
        body: { ...subjectParams(subject), node_id: nodeId, front, back } satisfies CardCreateBody,
      }),
    onSuccess: refresh,
  });
}

/** PATCH /api/learn/cards/{id}/ */
export function useUpdateCard() {
  const refresh = useRefreshRecall();
  return useMutation({
    mutationFn: ({ id, ...body }: { id: number } & CardPatchBody) =>
      api<Card>(`/api/learn/cards/${id}/`, { method: 'PATCH', body }),
    onSuccess: refresh,
  });
}

/** DELETE /api/learn/cards/{id}/ */
export function useDeleteCard() {
  const refresh = useRefreshRecall();
  return useMutation({
    mutationFn: (id: number) => api<void>(`/api/learn/cards/${id}/`, { method: 'DELETE' }),
    onSuccess: refresh,
  });
}

/** POST /api/llm/ai-content/generate_cards/: drafts only, nothing is saved. */
export function useGenerateCards(subject: SubjectRef) {
  return useMutation({
    mutationFn: ({ nodeId, count = 3 }: { nodeId: string; count?: number }) =>
      api<GeneratedCards>('/api/llm/ai-content/generate_cards/', {
        method: 'POST',
        body: {
          ...subjectParams(subject),
          node_id: nodeId,
          count,
          language: currentLocale(),
        } satisfies GenerateCardsBody,
      }),
  });
}
