import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { cardImageFileRoutes } from './card-images.routes.ts';
import { calendarFeedRoutes } from './plans.routes.ts';

/** Learning's routes without a token: the calendar feed and card images, each by its own secret in the URL. */
export const learningPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(calendarFeedRoutes);
  await app.register(cardImageFileRoutes);
};
