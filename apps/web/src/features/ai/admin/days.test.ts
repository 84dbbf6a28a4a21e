import { describe, expect, it } from 'vitest';
import { fillDays } from './days.ts';

describe('daily totals', () => {
  it('lists every day of the period, oldest first, with zeros for quiet days', () => {
    const days = fillDays(
      [{ date: '2026-03-01', calls: 2, errors: 1, prompt_tokens: 10, completion_tokens: 5 }],
      3,
      new Date('2026-03-02T10:00:00Z'),
    );
    expect(days.map((d) => [d.date, d.calls])).toEqual([
      ['2026-02-28', 0],
      ['2026-03-01', 2],
      ['2026-03-02', 0],
    ]);
  });
});
