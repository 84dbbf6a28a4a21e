import {
  Comment,
  CommentCreateBody,
  CommentListQuery,
  CommentNodeCounts,
  CommentUpdateBody,
  IdParam,
} from '@arbor/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../plugins/auth.ts';
import * as service from './comments.service.ts';
import { registerShareList, ShareParams } from '../shares/index.ts';

const tags = ['community'];

/**
 * Comments on templates: threads are readable without an account, like the templates themselves;
 * posting, editing and deleting need a login.
 */
export const commentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const base = '/community/trees-shared/:id/comments';
  const auth = { onRequest: app.requireAuth };

  registerShareList(app, {
    url: `${base}/`,
    querystring: CommentListQuery,
    item: Comment,
    load: (viewer, shareId, query, window) => service.listComments(app.deps, viewer, shareId, query, window),
  });

  app.get(
    `${base}/node_counts/`,
    { schema: { tags, security: [], params: ShareParams, response: { 200: CommentNodeCounts } } },
    async (request) => service.commentCountsByNode(app.deps, request.user, request.params.id),
  );

  app.post(
    `${base}/`,
    { ...auth, schema: { tags, params: ShareParams, body: CommentCreateBody, response: { 201: Comment } } },
    async (request, reply) => {
      const comment = await service.postComment(app.deps, currentUser(request), request.params.id, request.body);
      return reply.code(201).send(comment);
    },
  );

  app.patch(
    '/community/comments/:id/',
    { ...auth, schema: { tags, params: IdParam, body: CommentUpdateBody, response: { 200: Comment } } },
    async (request) => service.editComment(app.deps, currentUser(request), request.params.id, request.body.body),
  );

  app.delete('/community/comments/:id/', { ...auth, schema: { tags, params: IdParam } }, async (request, reply) => {
    await service.deleteComment(app.deps, currentUser(request), request.params.id);
    return reply.code(204).send();
  });
};
