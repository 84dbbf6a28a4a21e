import type { Paginated, Tree, TREE_ORDERINGS } from '@arbor/contract';

// Wire types come from the contract (one schema source for server and client).
export type {
  NodeImage,
  Tree,
  TreeVisibility as Visibility,
  TreeWithData,
  Version as TreeVersion,
  VersionWithData as TreeVersionWithData,
} from '@arbor/contract';

export type TreePage = Paginated<Tree>;
export type TreeOrdering = (typeof TREE_ORDERINGS)[number];

/** Query keys in one place so mutations invalidate exactly what they change. */
export const treeKeys = {
  all: ['trees'] as const,
  lists: () => [...treeKeys.all, 'list'] as const,
  list: (params: object) => [...treeKeys.lists(), params] as const,
  byUuid: (uuid: string) => [...treeKeys.all, 'uuid', uuid] as const,
  workingCopy: (treeId: number) => [...treeKeys.all, 'working-copy', treeId] as const,
  versions: (treeId: number) => [...treeKeys.all, 'versions', treeId] as const,
  version: (versionId: number) => [...treeKeys.all, 'version', versionId] as const,
  images: (treeId: number) => [...treeKeys.all, 'images', treeId] as const,
};
