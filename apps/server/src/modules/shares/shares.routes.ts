import {
  HotTagsQuery,
  HotTagsResponse,
  LikeBody,
  LikeResponse,
  PageQuery,
  RateBody,
  RateResponse,
  Share,
  ShareListQuery,
  ShareTreeBody,
  ShareUpdateBody,
  ShareTreeAnswer,
  ShareWithData,
  UseTreeBody,
  ViewResponse,
  paginated,
} from '@arbor/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { paginate, pageWindow } from '../../lib/pagination.ts';
import { sendTrustedJson } from '../../lib/trusted-json.ts';
import { currentUser } from '../../plugins/auth.ts';
import * as service from './shares.service.ts';

export const ShareParams = z.object({
  id: z.string().regex(/^(\d{1,12}|[0-9a-f-]{36})$/i, 'Give a numeric id or a uuid.'),
});
const tags = ['community'];

/**
 * `/api/community/trees-shared/`: templates are readable without an account (the public home page
 * lists them, and views are counted for anonymous visitors too); every change needs a login.
 */
export const sharesRoutes: FastifyPluginAsyncZod = async (app) => {
  const base = '/community/trees-shared';
  const auth = { onRequest: app.requireAuth };

  app.get(
    `${base}/`,
    {
      schema: {
        tags,
        security: [],
        querystring: ShareListQuery.extend(PageQuery.shape),
        response: { 200: paginated(Share) },
      },
    },
    async (request, reply) => {
      const window = pageWindow(request.query);
      const envelope = (count: number, results: Share[]) =>
        paginate(request, app.config.publicBaseUrl, window, count, results);
      const json = await service.listSharesJson(app.deps, request.user, request.query, window, request.url, envelope);
      return sendTrustedJson(reply, json);
    },
  );

  app.get(
    `${base}/hot_tags/`,
    { schema: { tags, security: [], querystring: HotTagsQuery, response: { 200: HotTagsResponse } } },
    async (request) => service.listHotTags(app.deps, request.query.limit ?? 20),
  );

  app.get(
    `${base}/my_shares/`,
    { ...auth, schema: { tags, querystring: PageQuery, response: { 200: paginated(Share) } } },
    async (request) => {
      const window = pageWindow(request.query);
      const { count, results } = await service.myShares(app.deps, currentUser(request), window);
      return paginate(request, app.config.publicBaseUrl, window, count, results);
    },
  );

  for (const path of [`${base}/`, `${base}/share_tree/`]) {
    app.post(
      path,
      { ...auth, schema: { tags, body: ShareTreeBody, response: { 200: ShareTreeAnswer, 201: ShareTreeAnswer } } },
      async (request, reply) => {
        const { created, unchanged, share } = await service.shareTree(app.deps, currentUser(request), request.body);
        return reply.code(created ? 201 : 200).send(unchanged ? { ...share, unchanged } : share);
      },
    );
  }

  app.get(
    `${base}/:id/`,
    { schema: { tags, security: [], params: ShareParams, response: { 200: ShareWithData } } },
    async (request, reply) =>
      sendTrustedJson(reply, await service.getShareJson(app.deps, request.user, request.params.id)),
  );

  for (const method of ['PUT', 'PATCH'] as const) {
    app.route({
      method,
      url: `${base}/:id/`,
      ...auth,
      schema: { tags, params: ShareParams, body: ShareUpdateBody, response: { 200: ShareWithData } },
      handler: async (request) => service.updateShare(app.deps, currentUser(request), request.params.id, request.body),
    });
  }

  app.delete(`${base}/:id/`, { ...auth, schema: { tags, params: ShareParams } }, async (request, reply) => {
    await service.deleteShare(app.deps, currentUser(request), request.params.id);
    return reply.code(204).send();
  });

  app.post(
    `${base}/:id/like/`,
    { ...auth, schema: { tags, params: ShareParams, body: LikeBody.nullish(), response: { 200: LikeResponse } } },
    async (request) => service.likeShare(app.deps, currentUser(request), request.params.id, request.body?.liked),
  );

  app.post(
    `${base}/:id/rate/`,
    { ...auth, schema: { tags, params: ShareParams, body: RateBody, response: { 200: RateResponse } } },
    async (request) => service.rateShare(app.deps, currentUser(request), request.params.id, request.body.score),
  );

  app.post(
    `${base}/:id/view/`,
    { schema: { tags, security: [], params: ShareParams, response: { 200: ViewResponse } } },
    async (request) =>
      service.viewShare(
        app.deps,
        request.user,
        request.params.id,
        service.viewerOf(app.config.secretKey, request.user, request.ip),
      ),
  );

  app.post(
    `${base}/:id/use_tree/`,
    {
      ...auth,
      schema: {
        tags,
        params: ShareParams,
        body: UseTreeBody.nullish(),
        response: { 201: z.object({ tree: z.unknown() }) },
      },
    },
    async (request, reply) => {
      const result = await service.useShare(app.deps, currentUser(request), request.params.id, request.body?.title);
      return reply.code(201).send(result);
    },
  );
};
