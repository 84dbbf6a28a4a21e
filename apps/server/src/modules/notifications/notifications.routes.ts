import { MarkReadBody, Notification, NotificationListQuery, paginated, UnreadCount } from '@arbor/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { paginate, pageWindow } from '../../lib/pagination.ts';
import { tokenNotValid } from '../../lib/http-errors.ts';
import { safeError } from '../../lib/safe-error.ts';
import { currentUser } from '../../plugins/auth.ts';
import * as service from './notifications.service.ts';

const tags = ['notifications'];

/** `Last-Event-ID` as a notification id, or null when absent or not one. */
function lastEventId(header: string | string[] | undefined): number | null {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value || !/^\d{1,10}$/.test(value.trim())) return null;
  const id = Number(value.trim());
  return Number.isSafeInteger(id) ? id : null;
}

/**
 * `/api/notifications/…`: the caller's own notifications. The stream takes the bearer token in the
 * `Authorization` header like every other call (never in the URL, where proxies log it): the web
 * reads it with `fetch` and a stream reader (as it reads AI generation), not `EventSource`, and
 * sends `Last-Event-ID` itself when it reconnects.
 */
export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const auth = { onRequest: app.requireAuth };
  const { hub, relay } = app.deps.runtime.notifications;
  // Open streams would keep `close()` waiting: end them first, then the LISTEN connection.
  app.addHook('preClose', async () => hub.closeAll());
  app.addHook('onClose', async () => relay.close());

  app.get(
    '/notifications/',
    {
      ...auth,
      schema: { tags, querystring: NotificationListQuery, response: { 200: paginated(Notification) } },
    },
    async (request) => {
      const window = pageWindow(request.query);
      const { count, results } = await service.listNotifications(
        app.deps,
        currentUser(request).id,
        request.query.unread === 'true',
        window,
      );
      return paginate(request, app.config.publicBaseUrl, window, count, results);
    },
  );

  app.get(
    '/notifications/unread_count/',
    { ...auth, schema: { tags, response: { 200: UnreadCount } } },
    async (request) => ({ count: await service.unreadCount(app.deps, currentUser(request).id) }),
  );

  app.post(
    '/notifications/mark_read/',
    { ...auth, schema: { tags, body: MarkReadBody, response: { 200: UnreadCount } } },
    async (request) => ({
      count: await service.markRead(app.deps, currentUser(request).id, request.body?.ids),
    }),
  );

  app.get(
    '/notifications/stream/',
    {
      ...auth,
      schema: {
        tags,
        description:
          'Server-Sent Events: `event: notification` with a Notification as data and its id as `id:`; ' +
          'a comment line every 25 s; `Last-Event-ID` replays what came after that id.',
        headers: z.object({ 'last-event-id': z.string().optional() }),
        response: { 200: z.string().describe('text/event-stream') },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      // The session the stream belongs to: it ends when that session does (a logout, say).
      const sessionVersion = await service.sessionVersionOf(app.deps, user.id);
      if (sessionVersion === null) throw tokenNotValid();
      await relay.start();
      const raw = reply.raw;
      const inherited = Object.fromEntries(
        Object.entries(reply.getHeaders()).filter(([, value]) => value !== undefined),
      ) as Record<string, string | number | string[]>;
      reply.hijack();
      raw.writeHead(200, {
        ...inherited,
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        'x-accel-buffering': 'no',
        'x-content-type-options': 'nosniff',
        'x-request-id': request.id,
        connection: 'keep-alive',
      });
      raw.write(': connected\n\n');
      try {
        await hub.open(user.id, raw, lastEventId(request.headers['last-event-id']), sessionVersion);
      } catch (error) {
        request.log.error({ err: safeError(error) }, 'a notification stream failed to open');
        raw.end();
      }
    },
  );
};
