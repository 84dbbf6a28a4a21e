import { describe, expect, it } from 'vitest';
import { RevisionCache } from './revision-cache.ts';

describe('RevisionCache', () => {
  it('answers only for the stamp a value was built from, and drops a stale one', () => {
    const cache = new RevisionCache<string>(100);
    cache.set(1, 'a:1', 'first', 10);
    expect(cache.get(1, 'a:1')).toBe('first');
    expect(cache.get(1, 'a:2')).toBeUndefined();
    expect(cache.get(1, 'a:1')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('keeps within its weight and entry budgets, least recently used out first', () => {
    const cache = new RevisionCache<string>(30, 3);
    cache.set(1, 's', 'one', 10);
    cache.set(2, 's', 'two', 10);
    cache.set(3, 's', 'three', 10);
    cache.get(1, 's');
    cache.set(4, 's', 'four', 10);
    expect(cache.get(2, 's')).toBeUndefined();
    expect([1, 3, 4].map((id) => cache.get(id, 's'))).toEqual(['one', 'three', 'four']);
    cache.set(5, 's', 'heavy', 25);
    expect(cache.size).toBe(1);
    cache.set(6, 's', 'too heavy', 31);
    expect(cache.get(6, 's')).toBeUndefined();
    expect(cache.get(5, 's')).toBe('heavy');
  });
});
