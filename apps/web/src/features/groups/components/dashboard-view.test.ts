import type { DashboardMember } from '@arbor/contract';
import { describe, expect, it } from 'vitest';
import { dashboardRows } from './dashboard-view.ts';

const NOW = Date.parse('2026-12-06T12:00:00Z');
const DAY = 24 * 60 * 60 * 1000;
const member = (username: string, over: Partial<DashboardMember> = {}): DashboardMember => ({
  user: { id: username.length, username, avatar_url: '' },
  percent: 0,
  complete: false,
  overdue: false,
  retention: null,
  last_activity_at: null,
  stuck: false,
  cells: {},
  ...over,
});

describe('the dashboard grid rows', () => {
  const ana = member('ana', { percent: 50, retention: 0.9, last_activity_at: new Date(NOW - DAY).toISOString() });
  const bo = member('bo', { percent: 80, retention: null, overdue: true });
  const cy = member('cy', {
    percent: 20,
    retention: 0.5,
    last_activity_at: new Date(NOW - 9 * DAY).toISOString(),
    cells: { a: { status: 'learning', retention: null } },
    stuck: true,
  });
  const base = { filters: [], locale: 'en-US' } as const;

  it('sorts by percent, retention or last activity, unknown values last when descending', () => {
    const names = (rows: DashboardMember[]) => rows.map((m) => m.user.username);
    expect(names(dashboardRows([ana, bo, cy], { ...base, sort: 'percent', direction: 'desc' }))).toEqual([
      'bo',
      'ana',
      'cy',
    ]);
    expect(names(dashboardRows([ana, bo, cy], { ...base, sort: 'retention', direction: 'desc' }))).toEqual([
      'ana',
      'cy',
      'bo',
    ]);
    expect(names(dashboardRows([cy, bo, ana], { ...base, sort: 'activity', direction: 'desc' }))).toEqual([
      'ana',
      'cy',
      'bo',
    ]);
    expect(names(dashboardRows([cy, bo, ana], { ...base, sort: 'name', direction: 'asc' }))).toEqual([
      'ana',
      'bo',
      'cy',
    ]);
  });

  it('keeps only overdue members, or only the ones the server marks stuck', () => {
    expect(dashboardRows([ana, bo, cy], { ...base, sort: 'name', direction: 'asc', filters: ['overdue'] })).toEqual([
      bo,
    ]);
    expect(dashboardRows([ana, bo, cy], { ...base, sort: 'name', direction: 'asc', filters: ['stuck'] })).toEqual([cy]);
  });
});
