import { describe, expect, it } from 'vitest';
import {
  enqueueGrade,
  flushPending,
  outcomeOfError,
  readPending,
  removeGrade,
  type PendingGrade,
  type QueueStorage,
  type SendOutcome,
} from './offline-queue.ts';

function memoryStorage(initial: Record<string, string> = {}): QueueStorage & { data: Map<string, string> } {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, v),
    removeItem: (k) => void data.delete(k),
  };
}

const grade = (id: string, card_id = 1): PendingGrade => ({
  card_id,
  rating: 3,
  review_id: id,
  reviewed_at: '2026-03-02T10:00:00.000Z',
});

describe('offline grade queue', () => {
  it('keeps grades in order and ignores the same review_id twice', () => {
    const s = memoryStorage();
    enqueueGrade(s, grade('a'));
    enqueueGrade(s, grade('b'));
    enqueueGrade(s, grade('a'));
    expect(readPending(s).map((g) => g.review_id)).toEqual(['a', 'b']);
  });

  it('reads nothing from a missing, broken or foreign value', () => {
    expect(readPending(memoryStorage())).toEqual([]);
    expect(readPending(memoryStorage({ 'arbor.recall.pending': '{nope' }))).toEqual([]);
    expect(readPending(memoryStorage({ 'arbor.recall.pending': '[{"card_id":"x"},1]' }))).toEqual([]);
  });

  it('removes an undone grade and clears the key when empty', () => {
    const s = memoryStorage();
    enqueueGrade(s, grade('a'));
    expect(removeGrade(s, 'zzz')).toBe(false);
    expect(removeGrade(s, 'a')).toBe(true);
    expect(s.data.has('arbor.recall.pending')).toBe(false);
  });

  it('sends oldest first and drops sent and refused grades', async () => {
    const s = memoryStorage();
    ['a', 'b', 'c'].forEach((id) => enqueueGrade(s, grade(id)));
    const seen: string[] = [];
    const result = await flushPending(s, async (g) => {
      seen.push(g.review_id);
      return (g.review_id === 'b' ? 'rejected' : 'sent') as SendOutcome;
    });
    expect(seen).toEqual(['a', 'b', 'c']);
    expect(result).toEqual({ sent: 2, rejected: 1, remaining: 0 });
    expect(readPending(s)).toEqual([]);
  });

  it('stops at the first grade that does not reach the server and keeps it and the rest', async () => {
    const s = memoryStorage();
    ['a', 'b', 'c'].forEach((id) => enqueueGrade(s, grade(id)));
    const result = await flushPending(s, async (g) => (g.review_id === 'b' ? 'unreachable' : 'sent'));
    expect(result).toEqual({ sent: 1, rejected: 0, remaining: 2 });
    expect(readPending(s).map((g) => g.review_id)).toEqual(['b', 'c']);
  });

  it('retries network failures, server errors and an ended session, and drops other refusals', () => {
    expect(outcomeOfError(new TypeError('Failed to fetch'))).toBe('unreachable');
    expect(outcomeOfError({ status: 503 })).toBe('unreachable');
    expect(outcomeOfError({ status: 401 })).toBe('unreachable');
    expect(outcomeOfError({ status: 429 })).toBe('unreachable');
    expect(outcomeOfError({ status: 404 })).toBe('rejected');
    expect(outcomeOfError({ status: 400 })).toBe('rejected');
  });
});
