import { Author, FeedEntry, FollowBody, FollowResponse, PageQuery, UsernameParam, paginated } from '@arbor/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { paginate, pageWindow } from '../../lib/pagination.ts';
import { currentUser } from '../../plugins/auth.ts';
import * as service from './authors.service.ts';

const tags = ['community'];

/**
 * Authors and following (API.md "Authors, following, collections, notifications"): an author's page
 * is public; following, the following list and the feed need a login.
 */
export const authorsRoutes: FastifyPluginAsyncZod = async (app) => {
  const auth = { onRequest: app.requireAuth };

  app.get(
    '/community/authors/:username/',
    { schema: { tags, security: [], params: UsernameParam, response: { 200: Author } } },
    async (request) => service.getAuthor(app.deps, request.user, request.params.username),
  );

  app.post(
    '/community/authors/:username/follow/',
    { ...auth, schema: { tags, params: UsernameParam, body: FollowBody, response: { 200: FollowResponse } } },
    async (request) => service.follow(app.deps, currentUser(request), request.params.username, request.body.following),
  );

  app.get(
    '/community/following/',
    { ...auth, schema: { tags, querystring: PageQuery, response: { 200: paginated(Author) } } },
    async (request) => {
      const window = pageWindow(request.query);
      const { count, results } = await service.listFollowing(app.deps, currentUser(request), window);
      return paginate(request, app.config.publicBaseUrl, window, count, results);
    },
  );

  app.get(
    '/community/feed/',
    { ...auth, schema: { tags, querystring: PageQuery, response: { 200: paginated(FeedEntry) } } },
    async (request) => {
      const window = pageWindow(request.query);
      const { count, results } = await service.feed(app.deps, currentUser(request), window);
      return paginate(request, app.config.publicBaseUrl, window, count, results);
    },
  );
};
