// The community module's surface: shares, likes, ratings, views and reviews of templates.
export { communityRoutes } from './community.routes.ts';
export { seedCommunity } from './community.seed.ts';
export { createCommunityCaches, readSnapshotForViewer, subscribeCommunity } from './community.service.ts';
export { reviewsRoutes } from './reviews.routes.ts';
export { subscribeReviews } from './reviews.service.ts';
