// The community module's surface: shares, likes, ratings, views, history, reviews and comments of templates,
// suggested edits, authors, following, the feed and collections.
// Community's event types (declarations only), so that every program that builds the app sees them.
import './community.events-types.ts';

export { COMMUNITY_MESSAGES } from './community.messages.ts';
export { authorsRoutes } from './authors.routes.ts';
export { subscribeAuthors } from './authors.service.ts';
export { collectionsRoutes } from './collections.routes.ts';
export { communityRoutes } from './community.routes.ts';
export { embedRoutes, oembedRoutes } from './embed.routes.ts';
export { commentsRoutes } from './comments.routes.ts';
export { seedCommunity } from './community.seed.ts';
export { createCommunityCaches, readSnapshotForViewer, subscribeCommunity } from './community.service.ts';
export { moderationRoutes } from './moderation.routes.ts';
export { reviewsRoutes } from './reviews.routes.ts';
export { revisionsRoutes } from './revisions.routes.ts';
export { visibleShareIds } from './share-visibility.ts';
export { subscribeReviews } from './reviews.service.ts';
export { suggestionsRoutes } from './suggestions.routes.ts';
export { upstreamRoutes } from './upstream.routes.ts';
