import { describe, expect, it } from 'vitest';
import { subjectPath } from './subject-links.ts';

describe('subjectPath', () => {
  it('opens a subject in learning mode ("Continue learning" keeps learning)', () => {
    expect(subjectPath('tree', 't-1')).toBe('/trees/t-1?learn=1');
    expect(subjectPath('share', 's-1')).toBe('/community/s-1?learn=1');
  });

  it('selects a node with the same form on a tree and on a template', () => {
    expect(subjectPath('tree', 't-1', 'n 1')).toBe('/trees/t-1?learn=1&node=n%201');
    expect(subjectPath('share', 's-1', 'n2')).toBe('/community/s-1?learn=1&node=n2');
  });
});
