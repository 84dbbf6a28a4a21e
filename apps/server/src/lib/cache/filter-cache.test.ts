import { describe, expect, it } from 'vitest';
import { FilterCache } from './filter-cache.ts';

describe('the list filter cache', () => {
  it('remembers a count until it expires', () => {
    const cache = new FilterCache<number>(1000);
    cache.set('a', 5, 0);
    expect(cache.get('a', 999)).toBe(5);
    expect(cache.get('a', 1000)).toBeUndefined();
  });

  it('forgets everything on clear and drops the oldest entry when full', () => {
    const cache = new FilterCache<number>(1000, 2);
    cache.set('a', 1, 0);
    cache.set('b', 2, 0);
    cache.set('c', 3, 0);
    expect(cache.get('a', 1)).toBeUndefined();
    expect(cache.get('c', 1)).toBe(3);
    cache.clear();
    expect(cache.get('b', 1)).toBeUndefined();
  });
});
