import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { TreeCreateBody } from '@arbor/contract';
import { treeKeys, type Tree } from './types.ts';

type CreateTreeInput = TreeCreateBody;

/** POST /api/tree/skills_tree/: a new tree (one root node when `data` is absent); version 1 is recorded. */
export function createTree(input: CreateTreeInput) {
  return api<Tree>('/api/tree/skills_tree/', { method: 'POST', body: input });
}

export function useCreateTree() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createTree,
    onSuccess: () => client.invalidateQueries({ queryKey: treeKeys.lists() }),
  });
}
