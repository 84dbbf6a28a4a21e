import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { writeAnswer } from './write-answer.ts';

interface Share {
  liked: boolean;
  likes_count: number;
}

/** A server whose reads answer when told to, with the state they saw when they were sent. */
function slowServer(initial: Share) {
  let state = initial;
  const reads: { saw: Share; answer: () => Promise<Share> }[] = [];
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(['share'], initial);
  /** every answer a read put into the cache, in order */
  const stored: Share[] = [];
  client.getQueryCache().subscribe((event) => {
    if (event.type === 'updated' && event.action.type === 'success' && !event.action.manual) {
      stored.push(event.action.data as Share);
    }
  });
  const read = () =>
    void client.fetchQuery({
      queryKey: ['share'],
      staleTime: 0,
      queryFn: () => {
        const saw = { ...state };
        let answer!: () => Promise<Share>;
        const answered = new Promise<Share>((resolve) => {
          answer = () => (resolve(saw), answered);
        });
        reads.push({ saw, answer });
        return answered;
      },
    });
  return {
    client,
    reads,
    stored,
    read,
    write: (change: Partial<Share>) => {
      state = { ...state, ...change };
      return state;
    },
  };
}

const liked = { liked: true, likes_count: 4 };

describe('writing an answered change into the cache', () => {
  it('is not undone by a read that began before the change was made', async () => {
    const server = slowServer({ liked: false, likes_count: 3 });
    server.read(); // the page reads the template again (a session refresh) …
    await vi.waitFor(() => expect(server.reads).toHaveLength(1));
    const answer = server.write({ liked: true, likes_count: 4 }); // … while the like is made
    writeAnswer<Share>(server.client, ['share'], (old) => (old ? { ...old, ...answer } : old));
    expect(server.client.getQueryData(['share'])).toEqual(liked);
    await vi.waitFor(() => expect(server.reads).toHaveLength(2)); // so the template is read again

    // The old read answers first, with the state from before the like; the new one after it.
    expect(server.reads[0]!.saw).toEqual({ liked: false, likes_count: 3 });
    await server.reads[0]!.answer();
    await server.reads[1]!.answer();
    await vi.waitFor(() => expect(server.client.isFetching()).toBe(0));
    expect(server.stored).toEqual([liked]); // the old answer never reached the cache
    expect(server.client.getQueryData(['share'])).toEqual(liked);
  });

  it('asks nothing more when no read is out', () => {
    const server = slowServer({ liked: false, likes_count: 3 });
    const answer = server.write({ liked: true, likes_count: 4 });
    writeAnswer<Share>(server.client, ['share'], (old) => (old ? { ...old, ...answer } : old));
    expect(server.client.isFetching()).toBe(0);
    expect(server.reads).toHaveLength(0);
    expect(server.client.getQueryData(['share'])).toEqual(liked);
  });
});
