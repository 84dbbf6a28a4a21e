import { describe, expect, it } from 'vitest';
import { buildHeatmap, HEATMAP_WEEKS, heatLevel, weekdayOf, type ActivityDay } from './heatmap.ts';

/** `count` days ending on `last`, all without activity unless `busy` names them. */
function range(last: string, count: number, busy: Record<string, Partial<ActivityDay>> = {}): ActivityDay[] {
  const end = Date.parse(`${last}T00:00:00Z`);
  return Array.from({ length: count }, (_, i) => {
    const date = new Date(end - (count - 1 - i) * 86_400_000).toISOString().slice(0, 10);
    return { date, progress: 0, reviews: 0, ...busy[date] };
  });
}

describe('heatmap layout', () => {
  it('knows the weekday of a calendar date whatever the time zone', () => {
    expect(weekdayOf('2026-11-25')).toBe(3); // a Wednesday
    expect(weekdayOf('2026-11-22')).toBe(0);
    expect(weekdayOf('2024-02-29')).toBe(4);
  });

  it('puts today in the last column at its weekday, leaves the days after it empty', () => {
    const layout = buildHeatmap(range('2026-11-25', 366));
    expect(layout.weeks).toHaveLength(HEATMAP_WEEKS);
    const last = layout.weeks.at(-1)!.days;
    expect(last).toHaveLength(7);
    expect(last[3]?.date).toBe('2026-11-25');
    expect(last[0]?.date).toBe('2026-11-22');
    expect(last.slice(4)).toEqual([null, null, null]);
  });

  it('runs the columns Sunday to Saturday, one week apart, 53 weeks back', () => {
    const layout = buildHeatmap(range('2026-11-25', 366));
    const first = layout.weeks[0]!.days;
    // the column 52 weeks before this one starts on Sunday 2025-11-23, two days before the range
    expect(first.slice(0, 2)).toEqual([null, null]);
    expect(first[2]?.date).toBe('2025-11-25');
    expect(first[6]?.date).toBe('2025-11-29');
    expect(layout.weeks[1]!.days[0]?.date).toBe('2025-11-30');
    for (const week of layout.weeks.slice(1, -1)) expect(week.days.every((d) => d !== null)).toBe(true);
  });

  it('leaves the days before the answered range empty', () => {
    const layout = buildHeatmap(range('2026-11-25', 10));
    const filled = layout.weeks.flatMap((w) => w.days).filter((d) => d !== null);
    expect(filled).toHaveLength(10);
    expect(filled[0]!.date).toBe('2026-11-16');
  });

  it('labels the column where a new month starts', () => {
    const layout = buildHeatmap(range('2026-11-25', 366));
    const labelled = layout.weeks.filter((w) => w.monthStart !== null);
    expect(labelled.length).toBeGreaterThanOrEqual(11);
    expect(layout.weeks[0]!.monthStart).toBeNull();
    // the column whose Sunday is 2025-11-30 still begins in November; the next one is December's
    expect(layout.weeks[2]!.monthStart).toBe(12);
  });

  it('counts progress and reviews, and colours days by quarters of the busiest one', () => {
    const layout = buildHeatmap(
      range('2026-11-25', 366, {
        '2026-11-25': { progress: 6, reviews: 2 },
        '2026-11-24': { progress: 1 },
        '2026-11-23': { reviews: 3 },
        '2026-11-22': { progress: 5 },
      }),
    );
    expect(layout.max).toBe(8);
    expect(layout.activeDays).toBe(4);
    expect(layout.totalProgress).toBe(12);
    expect(layout.totalReviews).toBe(5);
    const week = layout.weeks.at(-1)!.days;
    expect(week.map((d) => d?.level ?? null)).toEqual([3, 2, 1, 4, null, null, null]);
    expect(week[3]).toMatchObject({ total: 8, progress: 6, reviews: 2 });
  });

  it('has five colour steps, none for an empty day', () => {
    expect(heatLevel(0, 0)).toBe(0);
    expect(heatLevel(0, 10)).toBe(0);
    expect([1, 2, 3, 5, 6, 8, 10].map((n) => heatLevel(n, 10))).toEqual([1, 1, 2, 2, 3, 4, 4]);
    expect(heatLevel(1, 1)).toBe(4);
  });

  it('draws nothing without days', () => {
    expect(buildHeatmap([]).weeks).toEqual([]);
  });
});
