import {
  Collection,
  CollectionBody,
  CollectionItem,
  CollectionItemBody,
  CollectionItemParams,
  CollectionItemUpdateBody,
  CollectionListQuery,
  CollectionParams,
  CollectionUpdateBody,
  CollectionWithItems,
  PageQuery,
  paginated,
} from '@arbor/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { paginate, pageWindow } from '../../lib/pagination.ts';
import { currentUser } from '../../plugins/auth.ts';
import * as service from './collections.service.ts';

const tags = ['community'];

/**
 * Collections of templates (API.md "Authors, following, collections, notifications"): public ones
 * are readable without an account; private ones only by their owner (404 to anyone else); writing
 * needs a login and ownership.
 */
export const collectionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const auth = { onRequest: app.requireAuth };
  const list = '/community/collections/';
  const one = '/community/collections/:id/';

  app.get(
    list,
    {
      schema: {
        tags,
        security: [],
        querystring: CollectionListQuery.extend(PageQuery.shape),
        response: { 200: paginated(Collection) },
      },
    },
    async (request) => {
      const window = pageWindow(request.query);
      const { count, results } = await service.listCollections(
        app.deps,
        request.user,
        { owner: request.query.owner, share: request.query.share },
        window,
      );
      return paginate(request, app.config.publicBaseUrl, window, count, results);
    },
  );

  app.post(
    list,
    { ...auth, schema: { tags, body: CollectionBody, response: { 201: CollectionWithItems } } },
    async (request, reply) =>
      reply.code(201).send(await service.createCollection(app.deps, currentUser(request), request.body)),
  );

  app.get(
    one,
    { schema: { tags, security: [], params: CollectionParams, response: { 200: CollectionWithItems } } },
    async (request) => service.getCollection(app.deps, request.user, request.params.id),
  );

  for (const method of ['PUT', 'PATCH'] as const) {
    app.route({
      method,
      url: one,
      ...auth,
      schema: {
        tags,
        params: CollectionParams,
        body: method === 'PUT' ? CollectionBody : CollectionUpdateBody,
        response: { 200: CollectionWithItems },
      },
      handler: async (request) =>
        service.updateCollection(app.deps, currentUser(request), request.params.id, request.body),
    });
  }

  app.delete(one, { ...auth, schema: { tags, params: CollectionParams } }, async (request, reply) => {
    await service.deleteCollection(app.deps, currentUser(request), request.params.id);
    return reply.code(204).send();
  });

  app.post(
    `${one}items/`,
    {
      ...auth,
      schema: { tags, params: CollectionParams, body: CollectionItemBody, response: { 201: CollectionItem } },
    },
    async (request, reply) =>
      reply.code(201).send(await service.addItem(app.deps, currentUser(request), request.params.id, request.body)),
  );

  app.patch(
    `${one}items/:share/`,
    {
      ...auth,
      schema: {
        tags,
        params: CollectionItemParams,
        body: CollectionItemUpdateBody,
        response: { 200: CollectionWithItems },
      },
    },
    async (request) =>
      service.updateItem(app.deps, currentUser(request), request.params.id, request.params.share, request.body),
  );

  app.delete(
    `${one}items/:share/`,
    { ...auth, schema: { tags, params: CollectionItemParams } },
    async (request, reply) => {
      await service.removeItem(app.deps, currentUser(request), request.params.id, request.params.share);
      return reply.code(204).send();
    },
  );
};
