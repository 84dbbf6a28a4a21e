/** Query keys of authors, following, the feed and collections: one root so a write can refresh what it touches. */
export const socialKeys = {
  all: ['social'] as const,
  author: (username: string) => [...socialKeys.all, 'author', username] as const,
  feed: (page: number) => [...socialKeys.all, 'feed', page] as const,
  collections: () => [...socialKeys.all, 'collections'] as const,
  /** my collections (`share` given: each says whether it holds that template) */
  mine: (page: number, share?: string) => [...socialKeys.collections(), 'mine', page, share ?? null] as const,
  ofOwner: (username: string) => [...socialKeys.collections(), 'owner', username] as const,
  collection: (id: string) => [...socialKeys.collections(), 'detail', id] as const,
};
