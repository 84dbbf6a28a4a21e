import { createTreeDocument, addChild, addLink } from '@arbor/tree-core';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';
import { readSaveRefusal } from './save-errors.ts';

function doc() {
  let d = createTreeDocument('Root');
  d = addChild(d, 'root', { id: 'a', title: 'Algebra' }).document;
  d = addChild(d, 'root', { id: 'b', title: 'Calculus' }).document;
  d = addLink(d, { source: 'a', target: 'b', kind: 'related' });
  return addLink(d, { source: 'b', target: 'a', kind: 'prerequisite' });
}

const refused = (fields: Record<string, string[]>) =>
  new ApiError(400, { detail: 'Invalid input.', code: 'invalid', fields } as never);

describe('reading a refused save', () => {
  it('names the link that closes a prerequisite circle by its nodes’ titles', () => {
    const error = refused({ 'data.links[1]': ['Link 2: "b" → "a" closes a circle of prerequisites.'] });
    expect(readSaveRefusal(error, doc())).toEqual({ kind: 'cycle', source: 'Calculus', target: 'Algebra' });
  });

  it('gives the first field message of any other refusal', () => {
    const error = refused({ 'data.nodes.a.title': ['A title is required.'] });
    expect(readSaveRefusal(error, doc())).toEqual({ kind: 'invalid', reason: 'A title is required.' });
  });

  it('leaves other failures to the save status', () => {
    expect(readSaveRefusal(new Error('offline'), doc())).toEqual({ kind: 'other' });
    expect(readSaveRefusal(new ApiError(500, { detail: 'x', code: 'server_error' } as never), doc())).toEqual({
      kind: 'other',
    });
  });
});
