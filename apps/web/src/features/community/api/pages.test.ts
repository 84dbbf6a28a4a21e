import { describe, expect, it } from 'vitest';
import { itemsOf, nextPageOf } from './pages.ts';

const page = (ids: number[], next: string | null) => ({
  count: 9,
  next,
  previous: null,
  results: ids.map((id) => ({ id })),
});

describe('paginated lists loaded page by page', () => {
  it('asks for the next page while the last one has a next link', () => {
    const first = page([1, 2], '/x?page=2');
    expect(nextPageOf(first, [first])).toBe(2);
    const second = page([3], null);
    expect(nextPageOf(second, [first, second])).toBeUndefined();
  });

  it('lists every item once, in order, when one moved to a later page in between', () => {
    expect(itemsOf([page([3, 2], 'n'), page([2, 1], null)]).map((i) => i.id)).toEqual([3, 2, 1]);
    expect(itemsOf(undefined)).toEqual([]);
  });
});
