import {
  Card,
  CardBatchBody,
  CardBatchResult,
  CardCreateBody,
  CardPatchBody,
  CardsBulkBody,
  CardsBulkResult,
  CardsQuery,
  IdParam,
  LearnStats,
  LearnStatsQuery,
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
import { createCard, getOwnCard, listOwnCards } from './cards.service.ts';
import { createCardBatch, deleteOwnCard, patchOwnCard } from './card-batch.service.ts';
import { bulkCards } from './card-browser.service.ts';
import { getLearnStats } from './review-stats.service.ts';
import { getCardReviewStats, reviewCard, undoCardReview } from './card-reviews.service.ts';
import { getReviewSession } from './review-sessions.service.ts';

const tags = ['learning'];

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
  app.post(
    '/learn/cards/batch/',
    { schema: { tags, body: CardBatchBody, response: { 201: CardBatchResult } } },
    async (request, reply) =>
      reply.code(201).send({ cards: await createCardBatch(deps, currentUser(request), request.body) }),
  );
  app.post(
    '/learn/cards/bulk/',
    { schema: { tags, body: CardsBulkBody, response: { 200: CardsBulkResult } } },
    (request) => bulkCards(deps, currentUser(request), request.body),
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
    (request) => getReviewSession(deps, currentUser(request), request.query),
  );
  app.get('/learn/review/stats/', { schema: { tags, response: { 200: ReviewStats } } }, (request) =>
    getCardReviewStats(deps, currentUser(request)),
  );
  app.get(
    '/learn/stats/',
    { schema: { tags, querystring: LearnStatsQuery, response: { 200: LearnStats } } },
    (request) => getLearnStats(deps, currentUser(request), request.query),
  );
};
