import { describe, expect, it } from 'vitest';
import { nodeTitlesOf } from './node-titles.ts';

describe('nodeTitlesOf', () => {
  it('maps node ids to titles in document order, an untitled node to its id', () => {
    const titles = nodeTitlesOf({
      nodes: [
        { id: 'root', title: 'Skills' },
        { id: 'b', title: '  ' },
        { id: 'a', title: 'Contrast' },
      ],
    });
    expect([...titles]).toEqual([
      ['root', 'Skills'],
      ['b', 'b'],
      ['a', 'Contrast'],
    ]);
  });

  it('is empty without a document', () => {
    expect(nodeTitlesOf(null).size).toBe(0);
  });
});
