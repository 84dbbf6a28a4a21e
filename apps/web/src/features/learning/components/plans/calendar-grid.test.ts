import { describe, expect, it } from 'vitest';
import {
  addMonths,
  dailyBudget,
  durationKey,
  formatDate,
  monthGrid,
  scheduleMonths,
  splitMinutes,
  todayLocal,
  weekdayNames,
  weekdayOf,
} from './calendar-grid.ts';

describe('monthGrid', () => {
  it('pads a month to whole weeks starting on Monday', () => {
    // February 2026 starts on a Sunday and ends on a Saturday.
    const weeks = monthGrid('2026-02');
    expect(weeks).toHaveLength(5);
    expect(weeks[0]![0]).toEqual({ date: '2026-01-26', inMonth: false });
    expect(weeks[0]![6]).toEqual({ date: '2026-02-01', inMonth: true });
    expect(weeks[4]![6]).toEqual({ date: '2026-03-01', inMonth: false });
    expect(weeks.every((w) => w.length === 7)).toBe(true);
  });

  it('needs no padding week when the month ends on a Sunday', () => {
    // November 2026: Sunday the 1st, Monday the 30th.
    const weeks = monthGrid('2026-11');
    expect(weeks[0]![6]!.date).toBe('2026-11-01');
    expect(weeks.at(-1)![0]!.date).toBe('2026-11-30');
    expect(weeks.flat().filter((c) => c.inMonth)).toHaveLength(30);
  });

  it('lists every day of a month once, in order', () => {
    const days = monthGrid('2024-02')
      .flat()
      .filter((c) => c.inMonth)
      .map((c) => c.date);
    expect(days).toHaveLength(29);
    expect(days[0]).toBe('2024-02-01');
    expect(days.at(-1)).toBe('2024-02-29');
  });
});

describe('dates', () => {
  it('counts weekdays from Monday = 0 as the API does', () => {
    expect(weekdayOf('2026-11-23')).toBe(0);
    expect(weekdayOf('2026-11-29')).toBe(6);
  });

  it('steps months across years', () => {
    expect(addMonths('2026-12', 1)).toBe('2027-01');
    expect(addMonths('2026-01', -1)).toBe('2025-12');
  });

  it('spans a schedule from its first to its last month', () => {
    expect(scheduleMonths(['2026-12-30', '2026-11-25', '2027-01-04'])).toEqual(['2026-11', '2026-12', '2027-01']);
    expect(scheduleMonths([])).toEqual([]);
  });

  it('formats a day without a time zone moving it', () => {
    expect(formatDate('2026-01-31', 'en-US')).toBe('Jan 31, 2026');
    expect(todayLocal(new Date(2026, 0, 5, 23, 30))).toBe('2026-01-05');
  });

  it('names weekdays Monday first', () => {
    expect(weekdayNames('en-US')).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']);
  });
});

describe('minutes', () => {
  it('splits minutes into hours and the rest', () => {
    expect(splitMinutes(150)).toEqual({ hours: 2, minutes: 30 });
    expect(splitMinutes(0)).toEqual({ hours: 0, minutes: 0 });
    expect(splitMinutes(-5)).toEqual({ hours: 0, minutes: 0 });
  });

  it('picks the shortest message', () => {
    expect(durationKey(45)).toBe('m');
    expect(durationKey(120)).toBe('h');
    expect(durationKey(125)).toBe('hm');
    expect(durationKey(0)).toBe('m');
  });

  it('shares the week between study days, rounded down', () => {
    expect(dailyBudget(300, 5)).toBe(60);
    expect(dailyBudget(100, 3)).toBe(33);
    expect(dailyBudget(100, 0)).toBe(0);
  });
});
