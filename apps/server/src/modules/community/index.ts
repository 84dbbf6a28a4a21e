// The community module's surface: shares, likes, ratings and views of templates.
export { communityRoutes } from './community.routes.ts';
export { seedCommunity } from './community.seed.ts';
export { createCommunityCaches, readSnapshotForViewer, subscribeCommunity } from './community.service.ts';
