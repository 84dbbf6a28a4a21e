// The social module's surface: authors, follows, the feed and collections.
export { authorsRoutes } from './authors.routes.ts';
export { subscribeSocial } from './social.events.ts';
export { collectionsRoutes } from './collections.routes.ts';
export { SOCIAL_MESSAGES } from './social.messages.ts';
