import { describe, expect, it } from 'vitest';
import { parseSuggestedChildren } from './children-parser.ts';

describe('parseSuggestedChildren', () => {
  it('reads a plain JSON array', () => {
    expect(parseSuggestedChildren('[{"title":"A","summary":"a"},{"title":"B"}]')).toEqual([
      { title: 'A', summary: 'a' },
      { title: 'B', summary: '' },
    ]);
  });

  it('reads an object holding the list, and bare strings', () => {
    expect(parseSuggestedChildren('{"children": ["A", "B"]}')).toEqual([
      { title: 'A', summary: '' },
      { title: 'B', summary: '' },
    ]);
  });

  it('repairs fences, chatter and trailing commas', () => {
    const text = 'Here:\n```json\n[{"title": "A", "summary": "x",},]\n```\nEnjoy!';
    expect(parseSuggestedChildren(text)).toEqual([{ title: 'A', summary: 'x' }]);
  });

  it('drops empty and duplicate titles', () => {
    expect(parseSuggestedChildren('[{"title":" A "},{"title":"a"},{"title":""}]')).toEqual([
      { title: 'A', summary: '' },
    ]);
  });

  it.each(['', 'no json here', '[{"title": "A"', '[]', '[{"name": "A"}]', '{"count": 3}'])(
    'gives null for %j',
    (text) => {
      expect(parseSuggestedChildren(text)).toBeNull();
    },
  );
});
