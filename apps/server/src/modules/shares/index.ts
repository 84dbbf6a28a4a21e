// The shares module's surface: templates (list, detail, likes, ratings, views, tags, search, seed),
// their revisions and history, embeds and oEmbed, forks' upstream. Other modules find a template,
// apply the visibility rule and change its counters only through what is exported here.
export { sharesRoutes } from './shares.routes.ts';
export { subscribeShares } from './shares.events.ts';
export { embedRoutes, oembedRoutes } from './embed.routes.ts';
export { revisionsRoutes } from './revisions.routes.ts';
export { upstreamRoutes } from './upstream.routes.ts';
export { ShareParams } from './shares.routes.ts';
export { registerShareList } from './per-share-list.route.ts';
export { seedCommunity } from './shares.seed.ts';
export {
  changeCountersIn,
  createCommunityCaches,
  noteSharesChanged,
  presentSharesById,
  readSnapshotForViewer,
  removeShareIn,
  reviseShareIn,
  setShareHiddenIn,
  type CounterChange,
  type Counters,
} from './shares.service.ts';
export {
  findShare,
  findShareRef,
  authorShareStats,
  findShareSummaries,
  findSnapshot,
  findUserIdByName,
  type ShareRef,
} from './shares.repository.ts';
export { requireVisibleShare } from './share-lookup.ts';
export {
  countRatingsByStars,
  deleteReviewRow,
  findRatingRow,
  findReview,
  findReviewsByIds,
  listReviewRows,
  lockRatingRow,
  lockReview,
  setHelpfulCount,
  setRatingRowHidden,
  setReply,
  updateReviewRow,
  upsertReview,
  type RatingRow,
  type ReviewFilter,
  type ReviewOrdering,
  type ReviewRow,
} from './ratings.repository.ts';
export { ratingAverage } from './shares.hot.ts';
export { canSeeHidden, hiddenScopeOf, isVisible, type HiddenScope } from './share-visibility.ts';
export { visibleShareIds } from './share-visibility.repository.ts';
export {
  checkProposedDocument,
  dropForeignImages,
  lockSourceWorkingCopy,
  readTreeProposal,
  saveSourceVersion,
} from './trees-gateway.ts';
export { conflictNodes } from './merge-conflicts.ts';
export { readRevisionDocument } from './revisions.service.ts';
export { addContributor, listRevisionsOfAuthors } from './revisions.repository.ts';
export { SHARES_MESSAGES } from './shares.messages.ts';
