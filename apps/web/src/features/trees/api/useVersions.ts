import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { treeKeys, type TreeVersion, type TreeVersionWithData } from './types.ts';

type VersionList = TreeVersion[] | { results: TreeVersion[] };

/** GET /api/tree/skills_tree_version/?tree=: newest first. */
export function useVersions(treeId: number | undefined) {
  return useQuery({
    queryKey: treeKeys.versions(treeId ?? 0),
    enabled: Boolean(treeId),
    queryFn: async ({ signal }) => {
      const answer = await api<VersionList>('/api/tree/skills_tree_version/', {
        query: { tree: treeId, page_size: 100 },
        signal,
      });
      return Array.isArray(answer) ? answer : answer.results;
    },
  });
}

/** GET /api/tree/skills_tree_version/{id}/: one version with its immutable document. */
export function useVersion(versionId: number | null) {
  return useQuery({
    queryKey: treeKeys.version(versionId ?? 0),
    enabled: versionId !== null,
    staleTime: Infinity,
    queryFn: ({ signal }) => api<TreeVersionWithData>(`/api/tree/skills_tree_version/${versionId}/`, { signal }),
  });
}

/** POST /api/tree/skills_tree_version/: snapshots the (already saved) working copy. */
export function useSaveVersion(treeId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (message: string) =>
      api<TreeVersion>('/api/tree/skills_tree_version/', { method: 'POST', body: { tree: treeId, message } }),
    onSuccess: () => client.invalidateQueries({ queryKey: treeKeys.versions(treeId) }),
  });
}

/** POST /api/tree/skills_tree_version/{id}/rollback/: the working copy becomes that version, recorded as a new one. */
export function useRollback(treeId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ versionId, message }: { versionId: number; message?: string }) =>
      api<TreeVersion>(`/api/tree/skills_tree_version/${versionId}/rollback/`, {
        method: 'POST',
        body: message ? { message } : {},
      }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: treeKeys.versions(treeId) });
      await client.invalidateQueries({ queryKey: treeKeys.all });
    },
  });
}
