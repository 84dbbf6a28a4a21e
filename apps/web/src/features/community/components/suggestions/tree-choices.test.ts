import { describe, expect, it } from 'vitest';
import type { Tree } from '../../../trees/index.ts';
import { treeChoices } from './SuggestDialog.tsx';

const tree = (id: number, title: string, upstream?: { share: string } | null) =>
  ({ id, title, upstream }) as unknown as Tree;

describe('the trees offered to suggest an edit from', () => {
  it('lists my trees in their order, the ones made from this template first', () => {
    const trees = [
      tree(1, 'Other'),
      tree(2, 'My bread', { share: 'u-1' }),
      tree(3, 'Fork of another', { share: 'u-2' }),
    ];
    expect(treeChoices(trees, 'u-1')).toEqual([
      { value: '2', label: 'My bread' },
      { value: '1', label: 'Other' },
      { value: '3', label: 'Fork of another' },
    ]);
  });

  it('keeps the order when trees carry no upstream', () => {
    expect(treeChoices([tree(5, 'A'), tree(4, 'B', null)], 'u-1').map((c) => c.value)).toEqual(['5', '4']);
  });
});
