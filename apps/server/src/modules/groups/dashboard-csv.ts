import { LEARNING_STATUSES } from '@arbor/contract';
import type { DashboardView } from './assignment-progress.ts';
import { roundedRetention } from './dashboard-json.ts';

/** Byte order mark: spreadsheet programs then read the file as UTF-8 (CJK names and titles intact). */
const BOM = '\uFEFF';

/**
 * One CSV field: quoted when it holds a quote, comma or line break; a leading =, +, - or @ is
 * prefixed with ' so that a spreadsheet never runs a member's name or a node title as a formula.
 */
function field(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

const percentOf = (retention: number | null) => (retention === null ? '' : `${Math.round(retention * 100)}%`);

/**
 * The dashboard as CSV (API.md "Groups"): a row per member, a column per node (its status, and
 * retention in percent when known), after the member's name, percent, complete, overdue, retention
 * and last activity.
 */
export function dashboardCsv(view: DashboardView): string {
  const header = [
    'username',
    'percent',
    'complete',
    'overdue',
    'retention',
    'last_activity_at',
    ...view.nodes.map((n) => n.title),
  ];
  const lines = [header.map(field).join(',')];
  for (const { user, member, figures } of view.lines) {
    const cells = view.nodes.map((_, index) => {
      const status = LEARNING_STATUSES[member.statuses[index]!]!;
      const retention = roundedRetention(member.retention[index]!);
      return retention === null ? status : `${status} ${percentOf(retention)}`;
    });
    // A cell ("done", "learning 87%") never needs quoting nor the formula guard.
    const head = [
      user.username,
      String(figures.percent),
      figures.complete ? 'yes' : 'no',
      figures.overdue ? 'yes' : 'no',
      percentOf(roundedRetention(figures.retention)),
      member.lastActivityAt ?? '',
    ];
    lines.push([...head.map(field), ...cells].join(','));
  }
  return `${BOM}${lines.join('\r\n')}\r\n`;
}
