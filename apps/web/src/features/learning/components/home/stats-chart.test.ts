import { describe, expect, it } from 'vitest';
import { bars, minutesOf } from './stats-chart.ts';

describe('bars', () => {
  it('scales the largest value to the full height, bottom-aligned, with gaps between bars', () => {
    expect(bars([2, 4, 0], 30, 100)).toEqual([
      { x: 1, y: 50, width: 8, height: 50 },
      { x: 11, y: 0, width: 8, height: 100 },
      { x: 21, y: 100, width: 8, height: 0 },
    ]);
  });

  it('keeps a tiny value visible and scales to a given top', () => {
    expect(bars([1, 1000], 20, 100)[0]!.height).toBe(1);
    expect(bars([0.5], 10, 100, 1)[0]).toMatchObject({ y: 50, height: 50 });
  });

  it('draws nothing for no values', () => {
    expect(bars([], 100, 100)).toEqual([]);
  });
});

describe('minutesOf', () => {
  it('rounds to minutes, at least one for any time spent', () => {
    expect(minutesOf(0)).toBe(0);
    expect(minutesOf(5_000)).toBe(1);
    expect(minutesOf(150_000)).toBe(3);
  });
});
