import {
  Card,
  CardCreateBody,
  CardPatchBody,
  CardsQuery,
  IdParam,
  paginated,
  ReviewBody,
  ReviewQueue,
  ReviewQueueQuery,
  ReviewResult,
  ReviewStats,
} from '@arbor/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { paginate, pageWindow } from '../../lib/pagination.ts';
import { currentUser } from '../../plugins/auth.ts';
import { createCard, deleteOwnCard, getOwnCard, listOwnCards, patchOwnCard } from './cards.service.ts';
import { getCardReviewQueue, getCardReviewStats, reviewCard, undoCardReview } from './card-reviews.service.ts';

const tags = ['learning'];
const DEFAULT_QUEUE_LIMIT = 50;

/**
 * `/api/learn/cards/…` and `/api/learn/review/…`: a learner's FSRS cards and reviews (API.md "Recall").
 * Registered by `learningRoutes`, whose `onRequest: requireAuth` hook covers these routes too.
 */
export const recallRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.get(
    '/learn/cards/',
    { schema: { tags, querystring: CardsQuery, response: { 200: paginated(Card) } } },
    async (request) => {
      const window = pageWindow(request.query);
      const { count, results } = await listOwnCards(deps, currentUser(request), request.query, window);
      return paginate(request, deps.config.publicBaseUrl, window, count, results);
    },
  );
  app.post(
    '/learn/cards/',
    { schema: { tags, body: CardCreateBody, response: { 201: Card } } },
    async (request, reply) => reply.code(201).send(await createCard(deps, currentUser(request), request.body)),
  );
  app.get('/learn/cards/:id/', { schema: { tags, params: IdParam, response: { 200: Card } } }, (request) =>
    getOwnCard(deps, currentUser(request), request.params.id),
  );
  app.patch(
    '/learn/cards/:id/',
    { schema: { tags, params: IdParam, body: CardPatchBody, response: { 200: Card } } },
    (request) => patchOwnCard(deps, currentUser(request), request.params.id, request.body),
  );
  app.delete(
    '/learn/cards/:id/',
    { schema: { tags, params: IdParam, response: { 204: z.null().describe('the card and its reviews are gone') } } },
    async (request, reply) => {
      await deleteOwnCard(deps, currentUser(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
  app.post(
    '/learn/cards/:id/review/',
    { schema: { tags, params: IdParam, body: ReviewBody, response: { 200: ReviewResult } } },
    (request) => reviewCard(deps, currentUser(request), request.params.id, request.body),
  );
  app.post('/learn/cards/:id/undo/', { schema: { tags, params: IdParam, response: { 200: Card } } }, (request) =>
    undoCardReview(deps, currentUser(request), request.params.id),
  );

  app.get(
    '/learn/review/',
    { schema: { tags, querystring: ReviewQueueQuery, response: { 200: ReviewQueue } } },
    (request) => getCardReviewQueue(deps, currentUser(request), request.query.limit ?? DEFAULT_QUEUE_LIMIT),
  );
  app.get('/learn/review/stats/', { schema: { tags, response: { 200: ReviewStats } } }, (request) =>
    getCardReviewStats(deps, currentUser(request)),
  );
};
