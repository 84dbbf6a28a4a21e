import type { Notification } from '@arbor/contract';
import { describe, expect, it } from 'vitest';
import type { RequestOptions } from '../../../lib/api-client.ts';
import { openNotificationStream, reconnectDelay, RECONNECT_DELAYS_MS, type StreamDeps } from './stream.ts';

const note = (id: number) => ({ id, kind: 'follow', text: `n${id}`, read: false }) as unknown as Notification;
const block = (id: number) => `id: ${id}\nevent: notification\ndata: ${JSON.stringify(note(id))}\n\n`;

function body(chunks: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
}

/** A fake server: each request takes the next answer; records what was asked and every wait. */
function fakeServer(answers: Array<() => Response>) {
  const requests: RequestOptions[] = [];
  const waits: number[] = [];
  let done: () => void = () => undefined;
  const finished = new Promise<void>((resolve) => (done = resolve));
  const deps: StreamDeps = {
    request: async (_path, options) => {
      requests.push(options);
      const next = answers.shift();
      if (!next) {
        done();
        // Hangs until closed, as an open stream does.
        return new Promise<Response>((_resolve, reject) =>
          options.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
        );
      }
      return next();
    },
    wait: async (ms) => {
      waits.push(ms);
    },
  };
  return { deps, requests, waits, finished };
}

describe('reconnection delay', () => {
  it('backs off from 1 s to 30 s with up to 25 % jitter', () => {
    expect(reconnectDelay(0, () => 0)).toBe(1_000);
    expect(reconnectDelay(1, () => 0)).toBe(2_000);
    expect(reconnectDelay(99, () => 0)).toBe(RECONNECT_DELAYS_MS.at(-1));
    expect(reconnectDelay(0, () => 1)).toBe(1_250);
  });
});

describe('the notification stream', () => {
  it('delivers notifications, reconnects with Last-Event-ID after a drop, and backs off while it fails', async () => {
    const server = fakeServer([
      () => new Response(body([': connected\n\n', block(7), ': keep-alive\n\n', block(8)]), { status: 200 }),
      () => new Response('{}', { status: 503 }),
      () => {
        throw new TypeError('offline');
      },
      () => new Response(body([block(9)]), { status: 200 }),
    ]);
    const seen: number[] = [];
    let opens = 0;
    const close = openNotificationStream(
      { onNotification: (n) => seen.push(n.id), onOpen: () => (opens += 1) },
      server.deps,
    );
    await server.finished;
    close();
    expect(seen).toEqual([7, 8, 9]);
    expect(opens).toBe(2);
    expect(server.requests[0]!.headers).toEqual({ accept: 'text/event-stream' });
    expect(server.requests.map((r) => r.headers!['last-event-id'])).toEqual([undefined, '8', '8', '8', '9']);
    // After the drop, after the 503 and after the network error; a good open starts the count again.
    expect(server.waits.length).toBe(4);
    expect(server.waits[0]).toBeLessThan(RECONNECT_DELAYS_MS[1]);
    expect(server.waits[1]).toBeGreaterThanOrEqual(RECONNECT_DELAYS_MS[1]);
    expect(server.waits[2]).toBeGreaterThanOrEqual(RECONNECT_DELAYS_MS[2]);
    expect(server.waits[3]).toBeLessThan(RECONNECT_DELAYS_MS[1]);
  });

  it('stops for good when the session is refused', async () => {
    const server = fakeServer([() => new Response('{}', { status: 401 })]);
    openNotificationStream({ onNotification: () => undefined, onOpen: () => undefined }, server.deps);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(server.requests.length).toBe(1);
    expect(server.waits).toEqual([]);
  });

  it('closes an open stream and does not reconnect', async () => {
    const server = fakeServer([]);
    const close = openNotificationStream({ onNotification: () => undefined, onOpen: () => undefined }, server.deps);
    await server.finished;
    close();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(server.requests.length).toBe(1);
    expect(server.requests[0]!.signal!.aborted).toBe(true);
    expect(server.waits).toEqual([]);
  });
});
