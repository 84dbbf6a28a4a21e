import type { Notification } from '@arbor/contract';
import { apiRaw, type RequestOptions } from '../../../lib/api-client.ts';
import { readEventStream } from '../../../lib/event-stream.ts';

/** Waits before the n-th reconnection in a row (the last one repeats), plus up to 25 % jitter. */
export const RECONNECT_DELAYS_MS = [1_000, 2_000, 5_000, 10_000, 30_000] as const;

/** How long to wait before reconnection attempt `attempt` (0 = the first after a drop). */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const base = RECONNECT_DELAYS_MS[Math.min(attempt, RECONNECT_DELAYS_MS.length - 1)]!;
  return Math.round(base * (1 + 0.25 * random()));
}

export interface NotificationStreamHandlers {
  /** A notification as it happens (or replayed after a reconnection). */
  onNotification: (notification: Notification) => void;
  /** The stream is open (again): anything that happened while it was closed may need reading. */
  onOpen: () => void;
}

export interface StreamDeps {
  request: (path: string, options: RequestOptions) => Promise<Response>;
  wait: (ms: number, signal: AbortSignal) => Promise<void>;
}

function waitFor(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });
}

const DEFAULT_DEPS: StreamDeps = { request: apiRaw, wait: waitFor };

/**
 * Keeps `GET /api/notifications/stream/` open for the signed-in user (API.md: the server takes the
 * bearer token in the header only, so it is read with fetch, not EventSource). The request goes
 * through the api client, so an expired access token is refreshed like on any call. A dropped or
 * ended stream reconnects with backoff and `Last-Event-ID`, so the server replays what was missed;
 * a refused session (401/403 after the refresh) stops it for good. Answers the function that closes it.
 */
export function openNotificationStream(handlers: NotificationStreamHandlers, deps: StreamDeps = DEFAULT_DEPS) {
  const controller = new AbortController();
  const { signal } = controller;
  void (async () => {
    let lastEventId: string | undefined;
    let attempt = 0;
    while (!signal.aborted) {
      try {
        const res = await deps.request('/api/notifications/stream/', {
          headers: { accept: 'text/event-stream', ...(lastEventId ? { 'last-event-id': lastEventId } : {}) },
          // A long-lived stream: it must not compete with the page's own data and code for the network.
          priority: 'low',
          signal,
        });
        if (res.status === 401 || res.status === 403) return;
        if (res.ok && res.body) {
          attempt = 0;
          handlers.onOpen();
          for await (const event of readEventStream(res.body)) {
            if (event.id) lastEventId = event.id;
            if (event.event !== 'notification') continue;
            try {
              handlers.onNotification(JSON.parse(event.data) as Notification);
            } catch {
              // an unreadable event is skipped; the next open reads the state again
            }
          }
        } else {
          await res.body?.cancel().catch(() => undefined);
        }
      } catch {
        // offline, reset or aborted: the loop decides below
      }
      if (signal.aborted) return;
      await deps.wait(reconnectDelay(attempt++), signal);
    }
  })();
  return () => controller.abort();
}
