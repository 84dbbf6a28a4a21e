import type { Deps } from '../../deps.ts';
import { inProcessRelay, postgresRelay, type NotificationRelay } from './notifications.relay.ts';
import { loaderFor } from './notifications.service.ts';
import { SseHub } from './sse-hub.ts';

/** This app's SSE hub and the relay that feeds it. */
export interface NotificationsRuntime {
  hub: SseHub;
  relay: NotificationRelay;
}

declare module '../../deps.ts' {
  interface AppRuntime {
    /** the SSE hub and its relay (`createNotificationsRuntime`) */
    notifications: NotificationsRuntime;
  }
}

/**
 * The hub and relay of one app, built once by `app.ts` into `deps.runtime`: each app in a test
 * process has its own hub and LISTEN connection, and both go with the app. Nothing runs yet: the
 * relay connects on `start()`, the hub beats once a stream is open.
 */
export function createNotificationsRuntime(
  deps: Pick<Deps, 'db' | 'config' | 'dialect' | 'log'>,
): NotificationsRuntime {
  const hub = new SseHub(loaderFor(deps), deps.log);
  const deliver = (recipientId: number, id: number) => hub.deliver(recipientId, id);
  const endSessions = (userId: number) => hub.endEndedSessions([userId]);
  const relay =
    deps.dialect === 'postgres'
      ? postgresRelay(deps, deliver, () => hub.resync(), endSessions)
      : inProcessRelay(deliver, endSessions);
  return { hub, relay };
}
