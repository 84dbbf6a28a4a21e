/** Query keys of the community feature: one root so a mutation can refresh every list at once. */
export const communityKeys = {
  all: ['community'] as const,
  lists: () => [...communityKeys.all, 'list'] as const,
  list: (params: Record<string, unknown>) => [...communityKeys.lists(), params] as const,
  detail: (id: string) => [...communityKeys.all, 'detail', id] as const,
  hotTags: (limit: number) => [...communityKeys.all, 'hot-tags', limit] as const,
  mine: (page: number) => [...communityKeys.all, 'mine', page] as const,
  ofTree: (treeId: number) => [...communityKeys.all, 'of-tree', treeId] as const,
  /** everything about one template's reviews (lists, histogram, mine) */
  reviews: (share: string) => [...communityKeys.all, 'reviews', share] as const,
  /** everything about one template's discussion (threads, replies, node counts) */
  comments: (share: string) => [...communityKeys.all, 'comments', share] as const,
  /** one template's revisions (list and documents) */
  history: (share: string) => [...communityKeys.all, 'history', share] as const,
  /** one template's suggestions (lists by status) */
  suggestions: (share: string) => [...communityKeys.all, 'suggestions', share] as const,
  /** one suggestion with its document */
  suggestion: (id: number) => [...communityKeys.all, 'suggestion', id] as const,
  /** what a template update would bring to one of my forks */
  upstream: (treeId: number, latestRevision: number) =>
    [...communityKeys.all, 'upstream', treeId, latestRevision] as const,
};
