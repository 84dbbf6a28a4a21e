import type { Deps } from '../../deps.ts';
import { inProcessRelay, postgresRelay, type NotificationRelay } from './notifications.relay.ts';
import { loaderFor } from './notifications.service.ts';
import { SseHub } from './sse-hub.ts';

/** This app's SSE hub and the relay that feeds it. */
export interface NotificationsRuntime {
  hub: SseHub;
  relay: NotificationRelay;
}

// Keyed by the app's `Deps` (one per app): each app in a test process has its own hub and LISTEN
// connection, and both go with the app.
const runtimes = new WeakMap<Deps, NotificationsRuntime>();

/** The hub and relay of the app `deps` belongs to, made on first use. */
export function runtimeOf(deps: Deps): NotificationsRuntime {
  let runtime = runtimes.get(deps);
  if (!runtime) {
    const hub = new SseHub(loaderFor(deps), deps.log);
    const deliver = (recipientId: number, id: number) => hub.deliver(recipientId, id);
    const endSessions = (userId: number) => hub.endEndedSessions([userId]);
    const relay =
      deps.dialect === 'postgres'
        ? postgresRelay(deps, deliver, () => hub.resync(), endSessions)
        : inProcessRelay(deliver, endSessions);
    runtime = { hub, relay };
    runtimes.set(deps, runtime);
  }
  return runtime;
}
