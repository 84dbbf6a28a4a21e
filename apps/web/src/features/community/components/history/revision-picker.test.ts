import { describe, expect, it } from 'vitest';
import { pairOf, togglePick } from './revision-picker.ts';

const newestFirst = [5, 4, 3, 2, 1];

describe('picking revisions to compare', () => {
  it('ticks up to two revisions, letting go of the earliest tick for a third', () => {
    expect(togglePick([], 3)).toEqual([3]);
    expect(togglePick([3], 5)).toEqual([3, 5]);
    expect(togglePick([3, 5], 1)).toEqual([5, 1]);
  });

  it('unticks a ticked revision', () => {
    expect(togglePick([3, 5], 3)).toEqual([5]);
    expect(togglePick([5], 5)).toEqual([]);
  });

  it('compares the newest revision with the one before when nothing is ticked', () => {
    expect(pairOf([], newestFirst)).toEqual({ from: 4, to: 5 });
  });

  it('compares one ticked revision with the revision before it', () => {
    expect(pairOf([3], newestFirst)).toEqual({ from: 2, to: 3 });
  });

  it('compares two ticked revisions older to newer, whatever the order of the ticks', () => {
    expect(pairOf([5, 2], newestFirst)).toEqual({ from: 2, to: 5 });
    expect(pairOf([2, 5], newestFirst)).toEqual({ from: 2, to: 5 });
  });

  it('has nothing before the first revision, and nothing at all without revisions', () => {
    expect(pairOf([1], newestFirst)).toEqual({ from: null, to: 1 });
    expect(pairOf([], [1])).toEqual({ from: null, to: 1 });
    expect(pairOf([], [])).toBeNull();
  });

  it('ignores a ticked revision no longer listed', () => {
    expect(pairOf([9, 3], newestFirst)).toEqual({ from: 2, to: 3 });
  });
});
