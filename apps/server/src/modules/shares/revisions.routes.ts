import {
  CompareQuery,
  CompareResponse,
  PageQuery,
  RevisionNumber,
  ShareRevision,
  ShareRevisionWithData,
  paginated,
} from '@arbor/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { paginate, pageWindow } from '../../lib/pagination.ts';
import { ShareParams } from './shares.routes.ts';
import * as service from './revisions.service.ts';

const tags = ['community'];

/**
 * A template's history (API.md "Template history and suggestions"): its revisions, any one of them
 * with its document, and the diff between two. Public, as every community read; a hidden template
 * is 404 for all but its author and admins.
 */
export const revisionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const base = '/community/trees-shared/:id';

  app.get(
    `${base}/history/`,
    {
      schema: {
        tags,
        security: [],
        params: ShareParams,
        querystring: PageQuery,
        response: { 200: paginated(ShareRevision) },
      },
    },
    async (request) => {
      const window = pageWindow(request.query);
      const { count, results } = await service.listHistory(app.deps, request.user, request.params.id, window);
      return paginate(request, app.config.publicBaseUrl, window, count, results);
    },
  );

  app.get(
    `${base}/history/:revision/`,
    {
      schema: {
        tags,
        security: [],
        params: ShareParams.extend({ revision: RevisionNumber }),
        response: { 200: ShareRevisionWithData },
      },
    },
    async (request) => service.getRevision(app.deps, request.user, request.params.id, request.params.revision),
  );

  app.get(
    `${base}/compare/`,
    {
      schema: {
        tags,
        security: [],
        params: ShareParams,
        querystring: CompareQuery,
        response: { 200: CompareResponse },
      },
    },
    async (request) => service.compareRevisions(app.deps, request.user, request.params.id, request.query),
  );
};
