import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { treeKeys, type TreeOrdering, type TreePage } from './types.ts';

interface TreeListParams {
  search?: string;
  ordering?: TreeOrdering;
  page?: number;
  pageSize?: number;
}

/** GET /api/tree/skills_tree/: the caller's trees, without documents. */
function fetchTreeList({ search, ordering, page, pageSize }: TreeListParams, signal?: AbortSignal) {
  return api<TreePage>('/api/tree/skills_tree/', { query: { search, ordering, page, page_size: pageSize }, signal });
}

export function useTreeList(params: TreeListParams) {
  return useQuery({
    queryKey: treeKeys.list(params),
    queryFn: ({ signal }) => fetchTreeList(params, signal),
    placeholderData: keepPreviousData,
  });
}
