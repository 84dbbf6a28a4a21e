import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { treeKeys, type TreeWithData } from './types.ts';

/**
 * One of my trees with its working copy as the server holds it now, by id (null: nothing to read),
 * for a view beside the editor that compares with it (a suggestion's conflicts against my source
 * tree). Read afresh on every mount: the editor may have saved since.
 */
export function useWorkingCopy(treeId: number | null) {
  return useQuery({
    queryKey: treeKeys.workingCopy(treeId ?? 0),
    queryFn: ({ signal }) => api<TreeWithData>(`/api/tree/skills_tree/${treeId}/`, { signal }),
    enabled: treeId !== null,
    staleTime: 0,
    refetchOnMount: 'always',
  });
}
