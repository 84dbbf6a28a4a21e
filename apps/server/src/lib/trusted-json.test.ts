import { describe, expect, it } from 'vitest';
import { spliceStoredBytes, spliceStoredJson } from './trusted-json.ts';

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

describe('spliceStoredBytes', () => {
  it('gives the same bytes as spliceStoredJson, multi-byte characters included', () => {
    const stored = JSON.stringify({ nodes: [{ id: 'a', title: '学习 Ünïcödé 🌳' }] });
    const fields = { id: 7, title: 'Ärbor' };
    const bytes = spliceStoredBytes(fields, 'data', Buffer.from(stored));
    expect(bytes.equals(Buffer.from(spliceStoredJson(fields, 'data', stored)))).toBe(true);
    expect(() => spliceStoredBytes({ data: 1 }, 'data', Buffer.from('2'))).toThrow(/already/);
  });

  it('answers the same fields around the same kept bytes with the same answer, and other fields anew', () => {
    const kept = Buffer.from('{"nodes":[]}');
    const first = spliceStoredBytes({ id: 1, title: 'a' }, 'data', kept);
    expect(spliceStoredBytes({ id: 1, title: 'a' }, 'data', kept)).toBe(first);
    const renamed = spliceStoredBytes({ id: 1, title: 'b' }, 'data', kept);
    expect(renamed.toString()).toBe('{"id":1,"title":"b","data":{"nodes":[]}}');
    expect(first.toString()).toBe('{"id":1,"title":"a","data":{"nodes":[]}}');
  });
});
