import { LEARNING_STATUSES, type AssignmentStats, type UserSummary } from '@arbor/contract';
import { localDay, type CohortMember, type CohortProgress } from '../learning/index.ts';

const DONE = LEARNING_STATUSES.indexOf('done');
const SKIPPED = LEARNING_STATUSES.indexOf('skipped');

/** A member's figures on one assignment (API.md "Groups": percent, complete, overdue, retention). */
export interface MemberFigures {
  percent: number;
  complete: boolean;
  overdue: boolean;
  retention: number | null;
}

/**
 * Complete: every node of the assignment is done or skipped. Overdue: not complete after the due
 * date in the member's time zone. Retention: the mean of the assigned nodes' retention, null when
 * none has reviewed cards.
 */
export function figuresOf(
  cohort: CohortProgress,
  member: CohortMember,
  dueDate: string | null,
  now: Date,
): MemberFigures {
  let cleared = 0;
  let sum = 0;
  let withRetention = 0;
  const { statuses, retention } = member;
  for (let index = 0; index < statuses.length; index++) {
    const status = statuses[index]!;
    if (status === DONE || status === SKIPPED) cleared += 1;
    const r = retention[index]!;
    if (!Number.isNaN(r)) {
      sum += r;
      withRetention += 1;
    }
  }
  const total = cohort.nodes.length;
  const complete = cleared === total;
  return {
    percent: total === 0 ? 100 : Math.floor((100 * cleared) / total),
    complete,
    overdue: !complete && dueDate !== null && localDay(now, member.timezone) > dueDate,
    retention: withRetention === 0 ? null : sum / withRetention,
  };
}

/** A member is stuck when a node has been `learning` for more than 7 days (UI.md "Groups": the "stuck" filter). */
const STUCK_AFTER_MS = 7 * 86_400_000;

/** One member's row of a dashboard, as the JSON and the CSV writers read it. */
export interface DashboardLine {
  user: UserSummary;
  member: CohortMember;
  figures: MemberFigures;
  stuck: boolean;
}

/** A dashboard before it is written: the assigned nodes (path order) and a line per member. */
export interface DashboardView {
  nodes: CohortProgress['nodes'];
  lines: DashboardLine[];
}

/** One dashboard line: figures, whether stuck, the member's cells (read from `member`). */
export function dashboardLine(
  user: UserSummary,
  member: CohortMember,
  figures: MemberFigures,
  now: Date,
): DashboardLine {
  return {
    user,
    member,
    figures,
    stuck: member.learningSince !== null && Date.parse(member.learningSince) < now.getTime() - STUCK_AFTER_MS,
  };
}

/** The assignment's figures over the group's members. */
export function statsOf(cohort: CohortProgress, dueDate: string | null, now: Date): AssignmentStats {
  let complete = 0;
  let overdue = 0;
  let percent = 0;
  let retention = 0;
  let withRetention = 0;
  for (const member of cohort.members.values()) {
    const figures = figuresOf(cohort, member, dueDate, now);
    if (figures.complete) complete += 1;
    if (figures.overdue) overdue += 1;
    percent += figures.percent;
    if (figures.retention !== null) {
      retention += figures.retention;
      withRetention += 1;
    }
  }
  const members = cohort.members.size;
  return {
    members,
    complete,
    overdue,
    avg_percent: members === 0 ? 0 : Math.floor(percent / members),
    avg_retention: withRetention === 0 ? null : retention / withRetention,
  };
}
