import type { FastifyInstance } from 'fastify';
import { aiRoutes } from './ai/index.ts';
import { healthRoutes } from './health/index.ts';
import { mediaRoutes } from './media/index.ts';
import { subscribeTrees, treesRoutes } from './trees/index.ts';
import { accountsRoutes } from './accounts/index.ts';
import {
  sharesRoutes,
  embedRoutes,
  oembedRoutes,
  revisionsRoutes,
  subscribeShares,
  upstreamRoutes,
} from './shares/index.ts';
import { reviewsRoutes, subscribeReviews } from './reviews/index.ts';
import { commentsRoutes, subscribeDiscussion } from './discussion/index.ts';
import { suggestionsRoutes } from './suggestions/index.ts';
import { moderationRoutes, subscribeModeration } from './moderation/index.ts';
import { authorsRoutes, collectionsRoutes, subscribeSocial } from './social/index.ts';
import { learningPublicRoutes, learningRoutes, subscribeLearning } from './learning/index.ts';
import { notificationsRoutes, subscribeNotifications } from './notifications/index.ts';
import { groupsRoutes, subscribeGroups } from './groups/index.ts';
import { subscribeTutor, tutorRoutes } from './tutor/index.ts';
import { ankiRoutes, subscribeAnki } from './anki/index.ts';
import { registerMessages } from '../lib/messages/index.ts';
import { MODULE_MESSAGES } from './messages.ts';

/**
 * Registers every module's messages, mounts every feature's routes under `/api` and subscribes each to the
 * domain events it reacts to.
 */
export async function registerModules(app: FastifyInstance): Promise<void> {
  // Each module's translations, before any request can need them.
  registerMessages(...MODULE_MESSAGES);
  await app.register(healthRoutes, { prefix: '/api' });
  await app.register(mediaRoutes);
  await app.register(treesRoutes, { prefix: '/api' });
  await app.register(aiRoutes, { prefix: '/api' });
  await app.register(accountsRoutes, { prefix: '/api' });
  await app.register(sharesRoutes, { prefix: '/api' });
  await app.register(oembedRoutes, { prefix: '/api' });
  await app.register(embedRoutes);
  await app.register(reviewsRoutes, { prefix: '/api' });
  await app.register(revisionsRoutes, { prefix: '/api' });
  await app.register(suggestionsRoutes, { prefix: '/api' });
  await app.register(upstreamRoutes, { prefix: '/api' });
  await app.register(commentsRoutes, { prefix: '/api' });
  await app.register(moderationRoutes, { prefix: '/api' });
  await app.register(authorsRoutes, { prefix: '/api' });
  await app.register(collectionsRoutes, { prefix: '/api' });
  await app.register(learningRoutes, { prefix: '/api' });
  await app.register(learningPublicRoutes, { prefix: '/api' });
  await app.register(notificationsRoutes, { prefix: '/api' });
  await app.register(groupsRoutes, { prefix: '/api' });
  await app.register(tutorRoutes, { prefix: '/api' });
  await app.register(ankiRoutes, { prefix: '/api' });
  // Domain event subscriptions, once per app: handlers react to other modules' writes.
  subscribeTrees(app.deps);
  subscribeShares(app.deps);
  subscribeReviews(app.deps);
  subscribeDiscussion(app.deps);
  subscribeModeration(app.deps);
  subscribeSocial(app.deps);
  subscribeLearning(app.deps);
  subscribeNotifications(app.deps);
  const stopReminders = subscribeGroups(app.deps);
  app.addHook('onClose', async () => stopReminders());
  subscribeTutor(app.deps);
  subscribeAnki(app.deps);
}
