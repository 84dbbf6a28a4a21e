// The moderation module's surface: reports, hiding and the moderation log.
export { moderationRoutes } from './moderation.routes.ts';
export { subscribeModeration } from './moderation.events.ts';
export { MODERATION_MESSAGES } from './moderation.messages.ts';
