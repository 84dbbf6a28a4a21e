import {
  HelpfulBody,
  HelpfulResponse,
  IdParam,
  PageQuery,
  RatingHistogram,
  Review,
  ReviewPostBody,
  ReviewListQuery,
  ReviewReplyBody,
  ReviewUpdateBody,
} from '@arbor/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../plugins/auth.ts';
import { registerShareList, ShareParams } from '../shares/index.ts';
import * as service from './reviews.service.ts';

const tags = ['community'];

/**
 * Written reviews of templates (API.md "Community review"): a template's reviews are readable
 * without an account; writing, voting and replying need a login.
 */
export const reviewsRoutes: FastifyPluginAsyncZod = async (app) => {
  const auth = { onRequest: app.requireAuth };
  const list = '/community/trees-shared/:id/reviews/';
  const one = '/community/reviews/:id/';

  registerShareList(app, {
    url: list,
    querystring: ReviewListQuery.extend(PageQuery.shape),
    item: Review,
    load: (viewer, shareId, query, window) => service.listReviews(app.deps, viewer, shareId, query, window),
  });

  app.get(
    '/community/trees-shared/:id/ratings/',
    { schema: { tags, security: [], params: ShareParams, response: { 200: RatingHistogram } } },
    async (request) => service.ratingHistogram(app.deps, request.user, request.params.id),
  );

  app.post(
    list,
    { ...auth, schema: { tags, params: ShareParams, body: ReviewPostBody, response: { 200: Review, 201: Review } } },
    async (request, reply) => {
      const { created, review } = await service.postReview(
        app.deps,
        currentUser(request),
        request.params.id,
        request.body,
      );
      return reply.code(created ? 201 : 200).send(review);
    },
  );

  app.patch(
    one,
    { ...auth, schema: { tags, params: IdParam, body: ReviewUpdateBody, response: { 200: Review } } },
    async (request) => service.updateReview(app.deps, currentUser(request), request.params.id, request.body),
  );

  app.delete(one, { ...auth, schema: { tags, params: IdParam } }, async (request, reply) => {
    await service.deleteReview(app.deps, currentUser(request), request.params.id);
    return reply.code(204).send();
  });

  app.post(
    `${one}helpful/`,
    { ...auth, schema: { tags, params: IdParam, body: HelpfulBody, response: { 200: HelpfulResponse } } },
    async (request) => service.markHelpful(app.deps, currentUser(request), request.params.id, request.body.helpful),
  );

  app.post(
    `${one}reply/`,
    { ...auth, schema: { tags, params: IdParam, body: ReviewReplyBody, response: { 200: Review } } },
    async (request) => service.replyToReview(app.deps, currentUser(request), request.params.id, request.body.body),
  );
};
