import type { Paginated, Share } from '@arbor/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { communityKeys } from './keys.ts';

const PAGE_SIZE = 100;

/**
 * The caller's share of one of their trees, or null when it was never shared. The API has no lookup
 * by tree: it reads the caller's own shares (`my_shares`, where `tree` is shown to its author) a
 * hundred at a time until it finds the tree.
 */
export async function fetchShareOfTree(treeId: number, signal?: AbortSignal): Promise<Share | null> {
  for (let page = 1; ; page += 1) {
    const answer = await api<Paginated<Share>>('/api/community/trees-shared/my_shares/', {
      signal,
      query: { page: page > 1 ? page : undefined, page_size: PAGE_SIZE },
    });
    const found = answer.results.find((share) => share.tree === treeId);
    if (found) return found;
    if (!answer.next || !answer.results.length) return null;
  }
}

/** The tree's existing share (to prefill a re-share), null when it has none; not asked while `enabled` is false. */
export const useShareOfTree = (treeId: number, enabled = true) =>
  useQuery({
    queryKey: communityKeys.ofTree(treeId),
    queryFn: ({ signal }) => fetchShareOfTree(treeId, signal),
    enabled,
    staleTime: 0,
  });
