import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { writeAnswer } from './write-answer.ts';

interface Share {
  liked: boolean;
  likes_count: number;
}

/** A server whose reads answer when told to, with the state they saw when they were sent. */
function slowServer(initial: Share) {
  let state = initial;
  const reads: { saw: Share; answer: () => void }[] = [];
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const read = () =>
    client.fetchQuery({
      queryKey: ['share'],
      staleTime: 0,
      queryFn: () =>
        new Promise<Share>((resolve) => {
          const saw = { ...state };
          reads.push({ saw, answer: () => resolve(saw) });
        }),
    });
  return {
    client,
    reads,
    read,
    write: (change: Partial<Share>) => {
      state = { ...state, ...change };
      return state;
    },
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('writing an answered change into the cache', () => {
  it('is not undone by a read that began before the change was made', async () => {
    const server = slowServer({ liked: false, likes_count: 3 });
    server.client.setQueryData(['share'], { liked: false, likes_count: 3 });
    void server.read(); // the page reads the template again (a session refresh) …
    await settle();
    const answer = server.write({ liked: true, likes_count: 4 }); // … while the like is made
    writeAnswer<Share>(server.client, ['share'], (old) => (old ? { ...old, ...answer } : old));
    expect(server.client.getQueryData(['share'])).toEqual({ liked: true, likes_count: 4 });

    server.reads[0]!.answer(); // the old read answers last, with the state before the like
    await settle();
    expect(server.client.getQueryData(['share'])).toEqual({ liked: true, likes_count: 4 });
    expect(server.reads).toHaveLength(2); // so the template was read again
    server.reads[1]!.answer();
    await settle();
    expect(server.client.getQueryData(['share'])).toEqual({ liked: true, likes_count: 4 });
    expect(server.client.isFetching()).toBe(0);
  });

  it('asks nothing more when no read is out', async () => {
    const server = slowServer({ liked: false, likes_count: 3 });
    server.client.setQueryData(['share'], { liked: false, likes_count: 3 });
    const answer = server.write({ liked: true, likes_count: 4 });
    writeAnswer<Share>(server.client, ['share'], (old) => (old ? { ...old, ...answer } : old));
    await settle();
    expect(server.reads).toHaveLength(0);
    expect(server.client.getQueryData(['share'])).toEqual({ liked: true, likes_count: 4 });
  });
});
