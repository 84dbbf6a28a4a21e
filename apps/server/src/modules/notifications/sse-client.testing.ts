import type { Notification } from '@arbor/contract';

/** One event of a notification stream as a test reads it. */
export interface ReceivedEvent {
  id: string | null;
  event: string;
  data: Notification;
}

/** An open `/api/notifications/stream/` read over real HTTP, event by event. */
export interface StreamReader {
  status: number;
  headers: Headers;
  /** the next event (comment lines skipped); rejects after `timeoutMs` */
  next(timeoutMs?: number): Promise<ReceivedEvent>;
  /** resolves true once the server ended the stream */
  ended: Promise<boolean>;
  /** comment lines seen so far */
  comments: string[];
  close(): void;
}

/** Opens a notification stream of `baseUrl` with a bearer token (and `Last-Event-ID` when given). */
export async function openStream(baseUrl: string, token: string, lastEventId?: number): Promise<StreamReader> {
  const controller = new AbortController();
  const headers: Record<string, string> = { authorization: `Bearer ${token}`, accept: 'text/event-stream' };
  if (lastEventId !== undefined) headers['last-event-id'] = String(lastEventId);
  const res = await fetch(`${baseUrl}/api/notifications/stream/`, { headers, signal: controller.signal });
  const events: ReceivedEvent[] = [];
  const waiters: Array<() => void> = [];
  const comments: string[] = [];
  let buffer = '';
  const wake = () => waiters.splice(0).forEach((w) => w());
  const ended = (async () => {
    if (!res.body) return true;
    const reader = res.body.getReader();
    const decoder = new TextDecoder();
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return true;
        buffer += decoder.decode(value, { stream: true });
        let end = buffer.indexOf('\n\n');
        while (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          let id: string | null = null;
          let event = 'message';
          const data: string[] = [];
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) comments.push(line.slice(1).trim());
            else if (line.startsWith('id: ')) id = line.slice(4);
            else if (line.startsWith('event: ')) event = line.slice(7);
            else if (line.startsWith('data: ')) data.push(line.slice(6));
          }
          if (data.length) events.push({ id, event, data: JSON.parse(data.join('\n')) as Notification });
          wake();
          end = buffer.indexOf('\n\n');
        }
      }
    } catch {
      return false;
    } finally {
      wake();
    }
  })();
  return {
    status: res.status,
    headers: res.headers,
    comments,
    ended,
    async next(timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (events.length === 0) {
        const left = deadline - Date.now();
        if (left <= 0) throw new Error('no event arrived on the notification stream');
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
      return events.shift()!;
    },
    close: () => controller.abort(),
  };
}
