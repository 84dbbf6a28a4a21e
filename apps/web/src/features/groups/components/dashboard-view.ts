import type { DashboardMember } from '@arbor/contract';

export type DashboardSort = 'name' | 'percent' | 'retention' | 'activity';
export type SortDirection = 'asc' | 'desc';
export type DashboardFilter = 'overdue' | 'stuck';

const sortValue: Record<Exclude<DashboardSort, 'name'>, (m: DashboardMember) => number> = {
  percent: (m) => m.percent,
  // unknown retention and no activity sort below every known value
  retention: (m) => m.retention ?? -1,
  activity: (m) => (m.last_activity_at ? Date.parse(m.last_activity_at) : -1),
};

/** The rows the grid shows: filtered (every chosen filter must hold; "stuck" as the server marks it), then sorted. */
export function dashboardRows(
  members: readonly DashboardMember[],
  {
    sort,
    direction,
    filters,
    locale,
  }: {
    sort: DashboardSort;
    direction: SortDirection;
    filters: readonly DashboardFilter[];
    locale: string;
  },
): DashboardMember[] {
  const kept = members.filter(
    (m) => (!filters.includes('overdue') || m.overdue) && (!filters.includes('stuck') || m.stuck),
  );
  const collator = new Intl.Collator(locale);
  const byName = (a: DashboardMember, b: DashboardMember) => collator.compare(a.user.username, b.user.username);
  const sign = direction === 'asc' ? 1 : -1;
  return kept.sort((a, b) => {
    const order = sort === 'name' ? byName(a, b) : sortValue[sort](a) - sortValue[sort](b);
    // ties keep name order whichever way the column runs
    return order === 0 ? byName(a, b) : sign * order;
  });
}
