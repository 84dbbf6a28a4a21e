import { describe, expect, it } from 'vitest';
import { listQueryParams, readListState, writeListState } from './community-list.ts';

describe('community list state in the URL', () => {
  it('reads defaults from an empty query and refuses unknown orderings and bad pages', () => {
    expect(readListState(new URLSearchParams())).toEqual({ q: '', tags: [], ordering: '-hot', page: 1 });
    expect(readListState(new URLSearchParams('ordering=drop&page=-3'))).toEqual({
      q: '',
      tags: [],
      ordering: '-hot',
      page: 1,
    });
  });

  it('writes only what differs from the defaults, and reads it back', () => {
    const state = { q: 'rust', tags: ['web', '编程'], ordering: '-likes_count' as const, page: 2 };
    const written = writeListState(state);
    expect(written.toString()).toBe('q=rust&tags=web%2C%E7%BC%96%E7%A8%8B&ordering=-likes_count&page=2');
    expect(readListState(written)).toEqual(state);
    expect(writeListState(readListState(new URLSearchParams())).toString()).toBe('');
  });

  it('asks for the same list whether the page or its prefetch builds the request', () => {
    const search = new URLSearchParams('tags=web&page=3');
    expect(listQueryParams(readListState(search))).toEqual({
      search: '',
      tags: ['web'],
      ordering: '-hot',
      page: 3,
      pageSize: 20,
    });
  });
});
