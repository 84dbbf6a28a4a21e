import { describe, expect, it } from 'vitest';
import { spliceStoredJson } from './trusted-json.ts';

describe('spliceStoredJson', () => {
  it('adds the stored text as the last field, parsing to the same value as a whole stringify', () => {
    const stored = JSON.stringify({ nodes: [{ id: 'a', title: 'Ünïcödé "quoted" \u2028' }], edges: [] });
    const fields = { id: 7, title: 'T', tags: ['x'] };
    const text = spliceStoredJson(fields, 'data', stored);
    expect(JSON.parse(text)).toEqual({ ...fields, data: JSON.parse(stored) });
    expect(text.endsWith(`"data":${stored}}`)).toBe(true);
  });

  it('works with no other field', () => {
    expect(JSON.parse(spliceStoredJson({}, 'data', '[1,2]'))).toEqual({ data: [1, 2] });
  });

  it('refuses a key that the fields already have', () => {
    expect(() => spliceStoredJson({ data: 1 }, 'data', '2')).toThrow(/already/);
  });
});
