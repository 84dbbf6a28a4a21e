import { describe, expect, it } from 'vitest';
import { cleanTags, validateShareForm } from './share-form.ts';

const valid = { title: 'Quantum computing', description: 'From qubits up', tags: ['physics'] };

describe('validateShareForm', () => {
  it('accepts a title, a description and one to ten tags', () => {
    expect(validateShareForm(valid)).toEqual({});
    expect(
      validateShareForm({ ...valid, description: '', tags: Array.from({ length: 10 }, (_, i) => `t${i}`) }),
    ).toEqual({});
  });

  it('asks for a title and keeps it within 200 characters', () => {
    expect(validateShareForm({ ...valid, title: '   ' }).title).toEqual({ key: 'titleRequired' });
    expect(validateShareForm({ ...valid, title: 'x'.repeat(201) }).title).toEqual({ key: 'titleTooLong' });
    expect(validateShareForm({ ...valid, title: ` ${'x'.repeat(200)} ` }).title).toBeUndefined();
  });

  it('keeps the description within 2,000 characters', () => {
    expect(validateShareForm({ ...valid, description: 'x'.repeat(2001) }).description).toEqual({
      key: 'descriptionTooLong',
    });
  });

  it('asks for at least one tag, at most ten, each at most 30 characters, naming the long one', () => {
    expect(validateShareForm({ ...valid, tags: [] }).tags).toEqual({ key: 'tagsRequired' });
    expect(validateShareForm({ ...valid, tags: ['  '] }).tags).toEqual({ key: 'tagsRequired' });
    expect(validateShareForm({ ...valid, tags: Array.from({ length: 11 }, (_, i) => `t${i}`) }).tags).toEqual({
      key: 'tagsTooMany',
    });
    const long = 'y'.repeat(31);
    expect(validateShareForm({ ...valid, tags: ['ok', long] }).tags).toEqual({
      key: 'tagTooLong',
      values: { tag: long },
    });
  });
});

describe('cleanTags', () => {
  it('trims, drops empty tags and repeats that differ only in case, keeping the first spelling', () => {
    expect(cleanTags([' Physics ', 'physics', '', 'Qubits', 'QUBITS'])).toEqual(['Physics', 'Qubits']);
  });
});
