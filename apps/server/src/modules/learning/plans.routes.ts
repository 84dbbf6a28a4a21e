import { CalendarLink, IdParam, Plan, PlanBody } from '@arbor/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../plugins/auth.ts';
import { calendarFeed, getCalendarLink, rotateCalendarLink } from './calendar.service.ts';
import { listPlans, removePlan, savePlan } from './plans.service.ts';

const tags = ['learning'];

/** Study plans and the calendar feed's address (API.md "Study plans and calendar"); inside `learningRoutes` (signed in). */
export const planRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  app.get('/learn/plans/', { schema: { tags, response: { 200: z.array(Plan) } } }, (request) =>
    listPlans(deps, currentUser(request)),
  );
  app.put('/learn/plans/', { schema: { tags, body: PlanBody, response: { 200: Plan } } }, (request) =>
    savePlan(deps, currentUser(request), request.body),
  );
  app.delete('/learn/plans/:id/', { schema: { tags, params: IdParam } }, async (request, reply) => {
    await removePlan(deps, currentUser(request), request.params.id);
    return reply.code(204).send();
  });
  app.get('/learn/calendar/', { schema: { tags, response: { 200: CalendarLink } } }, (request) =>
    getCalendarLink(deps, currentUser(request)),
  );
  app.post('/learn/calendar/rotate/', { schema: { tags, response: { 200: CalendarLink } } }, (request) =>
    rotateCalendarLink(deps, currentUser(request)),
  );
};

/** True when an `If-None-Match` list names `etag` (weak or strong, or `*`). */
const matchesEtag = (header: string, etag: string) =>
  header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === etag || tag === '*');

/**
 * The public ICS feed: its secret token is the only credential, so it is mounted outside
 * `learningRoutes` (whose hook requires a signed-in caller). Calendar clients poll it; ETag and
 * Last-Modified let them skip an unchanged feed with 304.
 */
export const calendarFeedRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  app.get(
    '/learn/calendar/:file',
    {
      schema: {
        tags,
        summary: 'The public calendar feed (`<token>.ics`)',
        params: z.object({ file: z.string().max(200) }),
        response: {
          200: z.string().describe('text/calendar (RFC 5545)'),
          304: z.null().describe('unchanged since the ETag or date the client has'),
        },
      },
    },
    async (request, reply) => {
      const feed = await calendarFeed(deps, request.params.file, request.ip);
      reply
        .header('etag', feed.etag)
        .header('last-modified', feed.lastModified.toUTCString())
        .header('cache-control', 'private, no-cache');
      const ifNoneMatch = request.headers['if-none-match'];
      const ifModifiedSince = request.headers['if-modified-since'];
      const notModified =
        ifNoneMatch !== undefined
          ? matchesEtag(ifNoneMatch, feed.etag)
          : ifModifiedSince !== undefined && Date.parse(ifModifiedSince) >= feed.lastModified.getTime();
      if (notModified) return reply.code(304).send(null);
      return reply.type('text/calendar; charset=utf-8').send(feed.body);
    },
  );
};
