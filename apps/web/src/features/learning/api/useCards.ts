import type {
  Card,
  CardBatchBody,
  CardBatchResult,
  CardImage,
  CardCreateBody,
  CardPatchBody,
  CardKind,
  CardsBulkBody,
  CardsBulkResult,
  CardSort,
  CardState,
  GeneratedCards,
  GenerateCardsBody,
  Paginated,
  TreeWithData,
} from '@arbor/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import { subjectParams, type SubjectRef } from './useProgress.ts';

/** Query keys of recall; one root so any card change refreshes the lists, the queue and the stats. */
export const recallKeys = {
  all: ['recall'] as const,
  nodeCards: (s: SubjectRef, nodeId: string) => ['recall', 'cards', 'node', s.kind, s.uuid, nodeId] as const,
  ownCards: (page: number, filters: CardFilters) => ['recall', 'cards', 'own', page, filters] as const,
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

/** The card browser's filters (API.md "Recall": the card-browser calls extend GET /api/learn/cards/). */
export interface CardFilters {
  q?: string;
  state?: CardState;
  kind?: CardKind;
  suspended?: boolean;
  due_within?: number;
  lapses_min?: number;
  sort?: CardSort;
}

/** GET /api/learn/cards/ with the browser's filters: one page of all the learner's cards. */
export function useOwnCards(page: number, filters: CardFilters) {
  return useQuery({
    queryKey: recallKeys.ownCards(page, filters),
    queryFn: ({ signal }) =>
      api<Paginated<Card>>('/api/learn/cards/', {
        signal,
        query: {
          page: page > 1 ? page : undefined,
          page_size: OWN_CARDS_PAGE_SIZE,
          ...filters,
          q: filters.q || undefined,
          suspended: filters.suspended === undefined ? undefined : String(filters.suspended),
        },
      }),
    placeholderData: keepPreviousData,
  });
}

/** POST /api/learn/cards/bulk/: one action on many of the learner's cards (all or nothing). */
export function useBulkCards() {
  const refresh = useRefreshRecall();
  return useMutation({
    mutationFn: (body: CardsBulkBody) => api<CardsBulkResult>('/api/learn/cards/bulk/', { method: 'POST', body }),
    onSettled: refresh,
  });
}

/** A tree's nodes with their titles, for moving cards to another node (trees only: templates' cards stay). */
export function useTreeNodes(uuid: string | null) {
  return useQuery({
    queryKey: ['recall', 'tree-nodes', uuid],
    queryFn: ({ signal }) =>
      api<TreeWithData>('/api/tree/skills_tree/get_data_by_uuid/', { signal, query: { uuid: uuid! } }),
    select: (tree) => tree.data.nodes.map((node) => ({ value: node.id, label: node.title })),
    enabled: uuid !== null,
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
    mutationFn: ({ nodeId, front, back }: { nodeId: string; front: string; back: string }) =>
      api<Card>('/api/learn/cards/', {
        method: 'POST',
        body: { ...subjectParams(subject), node_id: nodeId, front, back } satisfies CardCreateBody,
      }),
    onSuccess: refresh,
  });
}

/** One input of any kind, without its subject (the hook adds it). */
export type CardInput = CardBatchBody extends infer B ? (B extends unknown ? Omit<B, 'tree' | 'share'> : never) : never;

/** POST /api/learn/cards/batch/: every card of one input (a reversed pair, a cloze per number, a mask each). */
export function useCreateCards(subject: SubjectRef) {
  const refresh = useRefreshRecall();
  return useMutation({
    mutationFn: (input: CardInput) =>
      api<CardBatchResult>('/api/learn/cards/batch/', {
        method: 'POST',
        body: { ...subjectParams(subject), ...input } as CardBatchBody,
      }),
    onSuccess: refresh,
  });
}

/** POST /api/learn/card-images/ (multipart `file`): a private image for occlusion cards. */
export function useUploadCardImage() {
  return useMutation({
    mutationFn: (file: Blob) => {
      const form = new FormData();
      form.append('file', file);
      return api<CardImage>('/api/learn/card-images/', { method: 'POST', body: form });
    },
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
