import type { Assignment, Group, GroupRole, Subject, UserSummary } from '@arbor/contract';
import type { CohortProgress } from '../learning/index.ts';
import { statsOf, figuresOf } from './assignment-progress.ts';
import type { AssignmentRow, MembershipRow } from './groups.repository.ts';
import { assignmentAbilities, canTeach, groupAbilities } from './groups.policy.ts';

/** A group as the caller sees it: the join code only for owner and mentors. */
export function presentGroup(row: MembershipRow): Group {
  return {
    id: row.id,
    uuid: row.uuid,
    name: row.name,
    description: row.description,
    kind: row.kind,
    my_role: row.my_role,
    members_count: row.members_count,
    assignments_count: row.assignments_count,
    join_code: canTeach(row.my_role) ? row.join_code : null,
    join_open: row.join_open === 1,
    abilities: groupAbilities(row.my_role),
    created_at: row.created_at,
  };
}

/**
 * An assignment for the caller: `mine` from their own progress, `stats` over the members for owner
 * and mentors only. `cohort` is null when the subject is gone or unreadable (figures then zero).
 */
export function presentAssignment(
  row: AssignmentRow,
  subject: Subject,
  createdBy: UserSummary | null,
  role: GroupRole,
  callerId: number,
  cohort: CohortProgress | null,
  learnerIds: ReadonlySet<number>,
  now: Date,
): Assignment {
  const targetNode = cohort && row.target !== null ? cohort.nodes.find((n) => n.id === row.target) : undefined;
  const me = cohort?.members.get(callerId);
  const mine = cohort && me ? figuresOf(cohort, me, row.due_date, now) : { percent: 0, complete: false };
  const teaching = canTeach(role);
  let stats: Assignment['stats'] = null;
  if (teaching) {
    if (!cohort) stats = { members: 0, complete: 0, overdue: 0, avg_percent: 0, avg_retention: null };
    else {
      // Stats are over the group's learners (members), not over its owner and mentors.
      const learners = { ...cohort, members: new Map([...cohort.members].filter(([id]) => learnerIds.has(id))) };
      stats = statsOf(learners, row.due_date, now);
    }
  }
  return {
    id: row.id,
    subject,
    target: row.target,
    target_title: targetNode?.title ?? null,
    due_date: row.due_date,
    note: row.note,
    created_by: createdBy,
    created_at: row.created_at,
    mine: { percent: mine.percent, complete: mine.complete },
    stats,
    abilities: assignmentAbilities(role),
  };
}
