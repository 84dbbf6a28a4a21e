import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiWithHeaders } from '../../../lib/api-client.ts';
import type { TreeUpdateBody } from '@arbor/contract';
import { treeKeys, type Tree } from './types.ts';
import { revisionFromEtag } from './useTreeByUuid.ts';

/** The body of a tree update; the revision it is based on travels as `If-Match` instead. */
type TreePatch = Omit<TreeUpdateBody, 'base_revision'>;

/**
 * PATCH /api/tree/skills_tree/{id}/. With `ifMatch` the server refuses a stale revision with 412
 * instead of overwriting someone else's save.
 */
export async function patchTree(id: number, patch: TreePatch, ifMatch?: number, signal?: AbortSignal): Promise<Tree> {
  const { data, headers } = await apiWithHeaders<Tree>(`/api/tree/skills_tree/${id}/`, {
    method: 'PATCH',
    body: patch,
    headers: ifMatch !== undefined ? { 'if-match': `"${ifMatch}"` } : {},
    signal,
  });
  return { ...data, revision: data.revision ?? revisionFromEtag(headers) ?? 0 };
}

/** Metadata edits (rename, visibility) from the trees list. */
export function useUpdateTree() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, patch }: { id: number; patch: TreePatch }) => patchTree(id, patch),
    onSuccess: () => client.invalidateQueries({ queryKey: treeKeys.lists() }),
  });
}
