import { describe, expect, it } from 'vitest';
import { MAX_SCHEDULED_DAYS, packPlan, weekdayOf, type PackItem } from './plan-packing.ts';

const item = (id: string, minutes: number): PackItem => ({ node_id: id, title: id.toUpperCase(), minutes });
const WEEKDAYS = [0, 1, 2, 3, 4];
// 2026-11-23 is a Monday.
const MONDAY = '2026-11-23';

describe('packPlan', () => {
  it('knows the weekday of a date (0 = Monday)', () => {
    expect(weekdayOf(MONDAY)).toBe(0);
    expect(weekdayOf('2026-11-29')).toBe(6);
  });

  it('packs nodes in order into a daily budget of weekly minutes ÷ study days, rounded down', () => {
    // 300 / 5 = 60 a day
    const plan = packPlan({
      items: [item('a', 30), item('b', 30), item('c', 45)],
      studyDays: WEEKDAYS,
      weeklyMinutes: 300,
      from: MONDAY,
    });
    expect(plan.schedule).toEqual([
      { date: MONDAY, items: [item('a', 30), item('b', 30)] },
      { date: '2026-11-24', items: [item('c', 45)] },
    ]);
    expect(plan.finish_date).toBe('2026-11-24');
    expect(plan.remaining_minutes).toBe(105);
  });

  it('continues a node bigger than what is left of a day on the next study days, skipping other days', () => {
    // 100 / 3 = 33 a day on Monday, Wednesday, Friday
    const plan = packPlan({
      items: [item('a', 20), item('b', 60)],
      studyDays: [0, 2, 4],
      weeklyMinutes: 100,
      from: MONDAY,
    });
    expect(plan.schedule).toEqual([
      { date: MONDAY, items: [item('a', 20), item('b', 13)] },
      { date: '2026-11-25', items: [item('b', 33)] },
      { date: '2026-11-27', items: [item('b', 14)] },
    ]);
    expect(plan.finish_date).toBe('2026-11-27');
  });

  it('starts on the first study day on or after the start', () => {
    const plan = packPlan({ items: [item('a', 10)], studyDays: [0], weeklyMinutes: 60, from: '2026-11-24' });
    expect(plan.schedule).toEqual([{ date: '2026-11-30', items: [item('a', 10)] }]);
  });

  it('gives an empty schedule and no finish date without a budget', () => {
    for (const weeklyMinutes of [0, 4]) {
      const plan = packPlan({ items: [item('a', 10)], studyDays: WEEKDAYS, weeklyMinutes, from: MONDAY });
      expect(plan).toEqual({ schedule: [], finish_date: null, remaining_minutes: 10 });
    }
  });

  it('gives an empty schedule when nothing remains', () => {
    expect(packPlan({ items: [], studyDays: WEEKDAYS, weeklyMinutes: 300, from: MONDAY })).toEqual({
      schedule: [],
      finish_date: null,
      remaining_minutes: 0,
    });
  });

  it('keeps nodes of no minutes on the current day, even a full one', () => {
    const plan = packPlan({
      items: [item('a', 60), item('z', 0), item('b', 60)],
      studyDays: WEEKDAYS,
      weeklyMinutes: 300,
      from: MONDAY,
    });
    expect(plan.schedule).toEqual([
      { date: MONDAY, items: [item('a', 60), item('z', 0)] },
      { date: '2026-11-24', items: [item('b', 60)] },
    ]);
  });

  it('lists at most a year of study days but still gives the exact finish date', () => {
    // 7 minutes a week on Mondays: 1,000 minutes take 143 Mondays; 100,000 take 14,286.
    const plan = packPlan({ items: [item('big', 100_000)], studyDays: [0], weeklyMinutes: 7, from: MONDAY });
    expect(plan.schedule).toHaveLength(MAX_SCHEDULED_DAYS);
    const mondays = Math.ceil(100_000 / 7);
    const finish = new Date(`${MONDAY}T00:00:00Z`);
    finish.setUTCDate(finish.getUTCDate() + 7 * (mondays - 1));
    expect(plan.finish_date).toBe(finish.toISOString().slice(0, 10));
    const small = packPlan({
      items: [item('a', 20), item('b', 20)],
      studyDays: [1, 3],
      weeklyMinutes: 20,
      from: MONDAY,
    });
    expect(small.schedule.map((d) => d.date)).toEqual(['2026-11-24', '2026-11-26', '2026-12-01', '2026-12-03']);
    expect(small.finish_date).toBe('2026-12-03');
  });
});
