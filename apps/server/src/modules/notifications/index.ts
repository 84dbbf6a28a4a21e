// The notifications module's surface: notification rows, the SSE hub and the PostgreSQL LISTEN/NOTIFY relay.
export { NOTIFICATIONS_MESSAGES } from './notifications.messages.ts';
export { notificationsRoutes } from './notifications.routes.ts';
export { createNotificationsRuntime } from './notifications.runtime.ts';
export { subscribeNotifications } from './notifications.events.ts';
