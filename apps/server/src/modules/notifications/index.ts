// The notifications module's surface: notification rows, the SSE hub and the PostgreSQL LISTEN/NOTIFY relay.
import type { Deps } from '../../deps.ts';
import { subscribeNotificationHandlers } from './notifications.handlers.ts';

export { notificationsRoutes } from './notifications.routes.ts';
export { createNotificationsRuntime } from './notifications.runtime.ts';

/** Notifications' reactions to other modules' events: each writes the notifications it implies. */
export function subscribeNotifications(deps: Deps): void {
  subscribeNotificationHandlers(deps);
}
