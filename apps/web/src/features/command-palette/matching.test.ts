import { describe, expect, it } from 'vitest';
import { matchesTitle, queryTerms } from './matching.ts';

describe('command palette matching', () => {
  it('does not search a query of one character or less', () => {
    expect(queryTerms('a')).toEqual([]);
    expect(queryTerms('  b ')).toEqual([]);
  });

  it('splits the query on spaces and lower-cases it', () => {
    expect(queryTerms('Template  Community')).toEqual(['template', 'community']);
  });

  it('matches when every word occurs in the title, in any case and order', () => {
    expect(matchesTitle('Skill Tree Template Community', queryTerms('community TEMPLATE'))).toBe(true);
    expect(matchesTitle('Skill Tree Template Community', queryTerms('community settings'))).toBe(false);
    expect(matchesTitle('技能树模板社区', queryTerms('模板 社区'))).toBe(true);
  });
});
