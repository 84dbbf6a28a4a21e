import type { ServerResponse } from 'node:http';
import type { Notification } from '@arbor/contract';
import { describe, expect, it } from 'vitest';
import { SseHub, type NotificationLoader } from './sse-hub.ts';

/** A response that records what is written to it. */
function fakeResponse() {
  const written: string[] = [];
  const res = {
    writableEnded: false,
    destroyed: false,
    write: (text: string) => written.push(text),
    end: () => (res.writableEnded = true),
    on: () => res,
  };
  return { res: res as unknown as ServerResponse, ids: () => written.map((w) => Number(/^id: (\d+)/.exec(w)?.[1])) };
}

/** Notifications 1..n of recipient `id % 3`, read by a loader that counts its queries. */
function countingLoader() {
  const queries: number[][] = [];
  const loader: NotificationLoader = {
    byIds: async (ids) => {
      queries.push(ids);
      await new Promise((r) => setTimeout(r, 5));
      return ids.map((id) => ({ recipientId: id % 3, notification: { id } as Notification }));
    },
    after: async () => [],
    latestId: async () => 0,
    sessions: async (userIds) => new Map(userIds.map((id) => [id, 1])),
  };
  return { loader, queries };
}

describe('SseHub delivery', () => {
  it('reads what is announced in one turn in one query, and sends each stream its own in order', async () => {
    const { loader, queries } = countingLoader();
    const hub = new SseHub(loader, { error: () => undefined });
    const streams = [0, 1, 2].map(() => fakeResponse());
    await Promise.all(streams.map((s, user) => hub.open(user, s.res, null, 1)));
    const first = Array.from({ length: 30 }, (_, i) => hub.deliver((i + 1) % 3, i + 1));
    await Promise.all(first);
    expect(queries).toHaveLength(1);
    // A second burst while nothing is pending; then one arriving during a read waits for the next batch.
    const second = hub.deliver(31 % 3, 31);
    await new Promise((r) => setTimeout(r, 2));
    const third = hub.deliver(32 % 3, 32);
    await Promise.all([second, third]);
    expect(queries).toEqual([expect.any(Array), [31], [32]]);
    for (const [user, s] of streams.entries()) {
      const expected = Array.from({ length: 32 }, (_, i) => i + 1).filter((id) => id % 3 === user);
      expect(s.ids()).toEqual(expected);
    }
    hub.closeAll();
  });

  it('never sends a row to a user its announcement did not name', async () => {
    const { loader } = countingLoader();
    const hub = new SseHub(loader, { error: () => undefined });
    const stream = fakeResponse();
    await hub.open(1, stream.res, null, 1);
    await hub.deliver(1, 5); // notification 5 belongs to user 2
    expect(stream.ids()).toEqual([]);
    hub.closeAll();
  });
});
