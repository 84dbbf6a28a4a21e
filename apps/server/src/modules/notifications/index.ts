// Will hold notification rows, the SSE hub and the PostgreSQL LISTEN/NOTIFY relay.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps.ts';

/** `/api/…` routes of notifications (none yet). */
export const notificationsRoutes: FastifyPluginAsyncZod = async () => {};

/** Notifications' reactions to other modules' events (none yet). */
export function subscribeNotifications(_deps: Deps): void {}
