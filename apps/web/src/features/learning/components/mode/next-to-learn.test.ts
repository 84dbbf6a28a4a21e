import type { Progress } from '@arbor/contract';
import { describe, expect, it } from 'vitest';
import { nextToLearn } from './learning-store.ts';

const nodes = [
  { id: 'root', parent_id: null },
  { id: 'a', parent_id: 'root' },
  { id: 'b', parent_id: 'root' },
  { id: 'c', parent_id: 'b' },
];
const progress = (statuses: Record<string, string>) =>
  ({
    nodes: Object.fromEntries(Object.entries(statuses).map(([id, status]) => [id, { status }])),
  }) as unknown as Progress;

describe('nextToLearn', () => {
  it('is the first node to do that waits for nothing, never the root', () => {
    expect(nextToLearn(nodes, progress({}), new Set())).toBe('a');
    expect(nextToLearn(nodes, progress({ a: 'done' }), new Set(['b']))).toBe('c');
    expect(nextToLearn(nodes, progress({ a: 'done', b: 'skipped', c: 'done' }), new Set())).toBeNull();
  });

  it('prefers a node being learnt, and knows nothing before the progress arrives', () => {
    expect(nextToLearn(nodes, progress({ c: 'learning' }), new Set())).toBe('c');
    expect(nextToLearn(nodes, undefined, new Set())).toBeNull();
  });
});
