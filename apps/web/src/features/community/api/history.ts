import type { Paginated, ShareRevision, ShareRevisionWithData } from '@arbor/contract';
import type { TreeDocument } from '@arbor/tree-core';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { communityKeys } from './keys.ts';
import { nextPageOf } from './pages.ts';

const PAGE_SIZE = 20;
const historyPath = (share: string, revision?: number) =>
  `/api/community/trees-shared/${encodeURIComponent(share)}/history/${revision ? `${revision}/` : ''}`;

/** GET …/{share}/history/ page by page, newest first. */
export function useHistory(share: string) {
  return useInfiniteQuery({
    queryKey: [...communityKeys.history(share), 'list'],
    queryFn: ({ pageParam, signal }) =>
      api<Paginated<ShareRevision>>(historyPath(share), { signal, query: { page: pageParam, page_size: PAGE_SIZE } }),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
  });
}

/** GET …/{share}/history/{revision}/: one revision's document (null: none asked for). A revision never changes. */
export function useRevisionDocument(share: string, revision: number | null) {
  return useQuery({
    queryKey: [...communityKeys.history(share), 'revision', revision],
    queryFn: ({ signal }) =>
      api<ShareRevisionWithData>(historyPath(share, revision ?? 0), { signal }).then(
        // the contract leaves a snapshot untyped (`unknown`): it is a tree document
        (answer) => answer.data as TreeDocument,
      ),
    enabled: revision !== null,
    staleTime: Infinity,
  });
}
