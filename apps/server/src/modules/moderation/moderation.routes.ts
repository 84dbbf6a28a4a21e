import {
  IdParam,
  ModerationLogEntry,
  PageQuery,
  Report,
  ReportCreateBody,
  ReportListQuery,
  ReportResolveBody,
  paginated,
} from '@arbor/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { paginate, pageWindow } from '../../lib/pagination.ts';
import { currentUser } from '../../plugins/auth.ts';
import * as service from './moderation.service.ts';

const tags = ['community'];

/**
 * Moderation (API.md "Community review", **Moderation**): any user reports a template, review,
 * comment or user; admins list the reports, resolve them with an action and read the log.
 */
export const moderationRoutes: FastifyPluginAsyncZod = async (app) => {
  const reports = '/community/reports/';
  const admin = { onRequest: app.requireAdmin };

  app.post(
    reports,
    { onRequest: app.requireAuth, schema: { tags, body: ReportCreateBody, response: { 201: Report } } },
    async (request, reply) => {
      const report = await service.createReport(app.deps, currentUser(request), request.body);
      return reply.code(201).send(report);
    },
  );

  app.get(
    reports,
    {
      ...admin,
      schema: { tags, querystring: ReportListQuery.extend(PageQuery.shape), response: { 200: paginated(Report) } },
    },
    async (request) => {
      const window = pageWindow(request.query);
      const { count, results } = await service.listReports(app.deps, request.query.status, window);
      return paginate(request, app.config.publicBaseUrl, window, count, results);
    },
  );

  app.post(
    `${reports}:id/resolve/`,
    { ...admin, schema: { tags, params: IdParam, body: ReportResolveBody, response: { 200: Report } } },
    async (request) => service.resolveReport(app.deps, currentUser(request), request.params.id, request.body),
  );

  app.get(
    '/community/moderation-log/',
    { ...admin, schema: { tags, response: { 200: z.array(ModerationLogEntry) } } },
    async () => service.moderationLog(app.deps),
  );
};
