import {
  GROUP_LIMITS,
  type Assignment,
  type AssignmentCreate,
  type AssignmentUpdate,
  type NudgeAnswer,
  type NudgeBody,
} from '@arbor/contract';
import type { Deps } from '../../deps.ts';
import { conflict, notFound } from '../../lib/http-errors.ts';
import { loadUserSummaries } from '../../lib/user-summaries.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { findAssignableSubject, checkTarget, readCohortProgress } from '../learning/index.ts';
import { dashboardLine, figuresOf, type DashboardView } from './assignment-progress.ts';
import { requireMembership } from './groups.service.ts';
import * as repo from './groups.repository.ts';
import type { AssignmentRow, MembershipRow } from './groups.repository.ts';
import { authorizeTeaching, canTeach } from './groups.policy.ts';
import { presentAssignment } from './groups.presenter.ts';

const NUDGE_INTERVAL_MS = 24 * 3600 * 1000;

const subjectOf = (row: AssignmentRow) => ({ kind: row.subject_kind, subjectId: row.subject_id });

/** The group's learners: members with the `member` role (owner and mentors teach). */
async function learnerIdsOf(deps: Deps, groupId: number): Promise<number[]> {
  return (await repo.listMembers(deps.db, groupId, ['member'])).map((m) => m.user_id);
}

async function present(
  deps: Deps,
  viewer: AuthUser,
  group: MembershipRow,
  rows: AssignmentRow[],
): Promise<Assignment[]> {
  const teaching = canTeach(group.my_role);
  const learners = teaching ? await learnerIdsOf(deps, group.id) : [];
  const learnerSet = new Set(learners);
  const readIds = [...new Set([...learners, viewer.id])];
  const creators = await loadUserSummaries(
    deps.db,
    deps.config.publicBaseUrl,
    rows.flatMap((r) => (r.created_by === null ? [] : [r.created_by])),
  );
  const now = deps.clock.now();
  const answers: Assignment[] = [];
  for (const row of rows) {
    const cohort = await readCohortProgress(deps, viewer, subjectOf(row), row.target, readIds);
    // A subject the caller can no longer read (deleted, made private) is not listed.
    if (!cohort) continue;
    answers.push(
      presentAssignment(
        row,
        cohort.subject,
        row.created_by === null ? null : (creators.get(row.created_by) ?? null),
        group.my_role,
        viewer.id,
        cohort,
        learnerSet,
        now,
      ),
    );
  }
  return answers;
}

async function requireAssignment(deps: Deps, group: MembershipRow, id: number): Promise<AssignmentRow> {
  const row = await repo.findAssignment(deps.db, group.id, id);
  if (!row) throw notFound();
  return row;
}

export async function listAssignments(deps: Deps, viewer: AuthUser, uuid: string): Promise<Assignment[]> {
  const group = await requireMembership(deps, viewer, uuid);
  return present(deps, viewer, group, await repo.listAssignments(deps.db, group.id));
}

export async function getAssignment(deps: Deps, viewer: AuthUser, uuid: string, id: number): Promise<Assignment> {
  const group = await requireMembership(deps, viewer, uuid);
  const [answer] = await present(deps, viewer, group, [await requireAssignment(deps, group, id)]);
  if (!answer) throw notFound();
  return answer;
}

/** Assigns a template or one of the caller's non-private trees; tells the members. */
export async function createAssignment(
  deps: Deps,
  viewer: AuthUser,
  uuid: string,
  body: AssignmentCreate,
): Promise<Assignment> {
  const group = await requireMembership(deps, viewer, uuid);
  authorizeTeaching(group.my_role);
  const target = body.target ?? null;
  const assignable = await findAssignableSubject(deps, viewer, { tree: body.tree, share: body.share }, target);
  const now = deps.clock.nowIso();
  const id = await deps.events.transaction(deps.db, async (trx, publish) => {
    if ((await repo.countAssignments(trx, group.id)) >= GROUP_LIMITS.assignments) {
      throw conflict('A group holds at most 100 assignments.');
    }
    const inserted = await repo.insertAssignment(trx, {
      group_id: group.id,
      subject_kind: assignable.kind,
      subject_id: assignable.subjectId,
      target,
      due_date: body.due_date ?? null,
      note: body.note,
      created_by: viewer.id,
      created_at: now,
      updated_at: now,
    });
    const members = await repo.listMembers(trx, group.id, ['member']);
    await publish('group.assignment_created', {
      group: { id: group.id, uuid: group.uuid, name: group.name },
      title: assignable.subject.title,
      actorId: viewer.id,
      recipientIds: members.map((m) => m.user_id),
    });
    return inserted;
  });
  return getAssignment(deps, viewer, uuid, id);
}

export async function updateAssignment(
  deps: Deps,
  viewer: AuthUser,
  uuid: string,
  id: number,
  body: AssignmentUpdate,
): Promise<Assignment> {
  const group = await requireMembership(deps, viewer, uuid);
  authorizeTeaching(group.my_role);
  const row = await requireAssignment(deps, group, id);
  if (body.target !== undefined && body.target !== null) await checkTarget(deps, viewer, subjectOf(row), body.target);
  await repo.updateAssignment(deps.db, row.id, {
    ...(body.target !== undefined ? { target: body.target } : {}),
    ...(body.due_date !== undefined ? { due_date: body.due_date } : {}),
    ...(body.note !== undefined ? { note: body.note } : {}),
    updated_at: deps.clock.nowIso(),
  });
  return getAssignment(deps, viewer, uuid, id);
}

export async function deleteAssignment(deps: Deps, viewer: AuthUser, uuid: string, id: number): Promise<void> {
  const group = await requireMembership(deps, viewer, uuid);
  authorizeTeaching(group.my_role);
  const row = await requireAssignment(deps, group, id);
  await repo.deleteAssignment(deps.db, row.id);
}

/** The assignment's cohort over the group's learners, as owner or mentor `viewer` reads it. */
async function cohortOf(deps: Deps, viewer: AuthUser, uuid: string, id: number) {
  const group = await requireMembership(deps, viewer, uuid);
  authorizeTeaching(group.my_role);
  const row = await requireAssignment(deps, group, id);
  const learners = await learnerIdsOf(deps, group.id);
  const cohort = await readCohortProgress(deps, viewer, subjectOf(row), row.target, learners);
  if (!cohort) throw notFound();
  return { group, row, learners, cohort };
}

/** The dashboard: members × nodes (path order) with status and retention per cell, to be written as JSON or CSV. */
export async function getDashboard(deps: Deps, viewer: AuthUser, uuid: string, id: number): Promise<DashboardView> {
  const { row, learners, cohort } = await cohortOf(deps, viewer, uuid, id);
  const users = await loadUserSummaries(deps.db, deps.config.publicBaseUrl, learners);
  const now = deps.clock.now();
  const lines = learners.flatMap((userId) => {
    const user = users.get(userId);
    const member = cohort.members.get(userId);
    return user && member ? [dashboardLine(user, member, figuresOf(cohort, member, row.due_date, now), now)] : [];
  });
  return { nodes: cohort.nodes, lines };
}

/**
 * Nudges members (default: every learner not complete): each at most once per assignment in 24 h,
 * the others answered as skipped.
 */
export async function nudge(
  deps: Deps,
  viewer: AuthUser,
  uuid: string,
  id: number,
  body: NudgeBody,
): Promise<NudgeAnswer> {
  const { group, row, learners, cohort } = await cohortOf(deps, viewer, uuid, id);
  const now = deps.clock.now();
  const learnerSet = new Set(learners);
  const chosen = body?.user_ids
    ? [...new Set(body.user_ids)].filter((userId) => learnerSet.has(userId))
    : learners.filter((userId) => !figuresOf(cohort, cohort.members.get(userId)!, row.due_date, now).complete);
  const sent = await deps.events.transaction(deps.db, async (trx, publish) => {
    const nudged = await repo.recordNudges(
      trx,
      row.id,
      chosen,
      now.toISOString(),
      deps.clock.isoIn(-NUDGE_INTERVAL_MS),
    );
    if (nudged.length > 0) {
      await publish('group.assignment_nudged', {
        group: { id: group.id, uuid: group.uuid, name: group.name },
        title: cohort.subject.title,
        actorId: viewer.id,
        recipientIds: nudged,
        ...(body?.message?.trim() ? { message: body.message.trim() } : {}),
      });
    }
    return nudged.length;
  });
  const requested = body?.user_ids ? new Set(body.user_ids).size : chosen.length;
  return { sent, skipped: requested - sent };
}
