import { describe, expect, it } from 'vitest';
import { distinctAuthors, readCommunityTab, stepPosition } from './social.ts';

const author = (id: number) => ({ author: { id, username: `u${id}`, avatar_url: '' } });

describe('distinctAuthors', () => {
  it('keeps each author once, in order, up to the limit, without the one excepted', () => {
    const shares = [author(1), author(2), author(1), author(3), author(4), author(5)];
    expect(distinctAuthors(shares, 3).map((a) => a.id)).toEqual([1, 2, 3]);
    expect(distinctAuthors(shares, 10, 2).map((a) => a.id)).toEqual([1, 3, 4, 5]);
    expect(distinctAuthors([], 3)).toEqual([]);
  });
});

describe('stepPosition', () => {
  it('moves one step within the list and refuses to pass either end', () => {
    expect(stepPosition(1, 'up', 3)).toBe(0);
    expect(stepPosition(1, 'down', 3)).toBe(2);
    expect(stepPosition(0, 'up', 3)).toBeNull();
    expect(stepPosition(2, 'down', 3)).toBeNull();
  });
});

describe('readCommunityTab', () => {
  it('reads ?tab=following and falls back to the All tab', () => {
    expect(readCommunityTab(new URLSearchParams('tab=following'))).toBe('following');
    expect(readCommunityTab(new URLSearchParams('tab=nope'))).toBe('all');
    expect(readCommunityTab(new URLSearchParams('q=x'))).toBe('all');
  });
});
