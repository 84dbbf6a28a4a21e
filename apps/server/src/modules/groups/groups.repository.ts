import type { Insertable, Selectable } from 'kysely';
import { inBatches } from '../../db/batches.ts';
import type { Executor } from '../../db/connection.ts';
import type { GroupAssignmentsTable, GroupMembersTable, GroupsTable } from '../../db/tables/groups.ts';

export type GroupRow = Selectable<GroupsTable>;
export type AssignmentRow = Selectable<GroupAssignmentsTable>;
export type MemberRole = GroupMembersTable['role'];

/** A group as one member sees it: the group's row, the caller's role and the counters. */
export interface MembershipRow extends GroupRow {
  my_role: MemberRole;
  members_count: number;
  assignments_count: number;
}

const memberships = (db: Executor, userId: number) =>
  db
    .selectFrom('groups as g')
    .innerJoin('group_members as m', (join) => join.onRef('m.group_id', '=', 'g.id').on('m.user_id', '=', userId))
    .selectAll('g')
    .select('m.role as my_role')
    .select((eb) => [
      eb
        .selectFrom('group_members as c')
        .whereRef('c.group_id', '=', 'g.id')
        .select((sub) => sub.fn.countAll<number>().as('n'))
        .as('members_count'),
      eb
        .selectFrom('group_assignments as a')
        .whereRef('a.group_id', '=', 'g.id')
        .select((sub) => sub.fn.countAll<number>().as('n'))
        .as('assignments_count'),
    ]);

const withNumbers = (row: MembershipRow): MembershipRow => ({
  ...row,
  members_count: Number(row.members_count),
  assignments_count: Number(row.assignments_count),
});

/** Every group the user belongs to, newest first. */
export async function listMemberships(db: Executor, userId: number): Promise<MembershipRow[]> {
  const rows = await memberships(db, userId).orderBy('g.id', 'desc').execute();
  return (rows as MembershipRow[]).map(withNumbers);
}

/** The group by uuid with the caller's role, or undefined when it is gone or the caller is no member. */
export async function findMembership(db: Executor, userId: number, uuid: string): Promise<MembershipRow | undefined> {
  const row = await memberships(db, userId).where('g.uuid', '=', uuid).executeTakeFirst();
  return row && withNumbers(row as MembershipRow);
}

export async function findGroupByCode(db: Executor, code: string): Promise<GroupRow | undefined> {
  return db.selectFrom('groups').selectAll().where('join_code', '=', code).executeTakeFirst();
}

export async function countOwnedGroups(db: Executor, userId: number): Promise<number> {
  const row = await db
    .selectFrom('groups')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('owner_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function countMembers(db: Executor, groupId: number): Promise<number> {
  const row = await db
    .selectFrom('group_members')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('group_id', '=', groupId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertGroup(db: Executor, row: Insertable<GroupsTable>): Promise<number> {
  const inserted = await db.insertInto('groups').values(row).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
}

export async function updateGroup(db: Executor, id: number, values: Partial<Insertable<GroupsTable>>): Promise<void> {
  await db.updateTable('groups').set(values).where('id', '=', id).execute();
}

export async function deleteGroup(db: Executor, id: number): Promise<void> {
  await db.deleteFrom('groups').where('id', '=', id).execute();
}

export async function insertMember(db: Executor, row: Insertable<GroupMembersTable>): Promise<void> {
  await db.insertInto('group_members').values(row).execute();
}

export interface MemberRow {
  user_id: number;
  role: MemberRole;
  joined_at: string;
}

/** Members in order of joining. */
export async function listMembers(db: Executor, groupId: number, roles?: MemberRole[]): Promise<MemberRow[]> {
  let query = db.selectFrom('group_members').select(['user_id', 'role', 'joined_at']).where('group_id', '=', groupId);
  if (roles) query = query.where('role', 'in', roles);
  return query.orderBy('id').execute();
}

export async function findMember(db: Executor, groupId: number, userId: number): Promise<MemberRow | undefined> {
  return db
    .selectFrom('group_members')
    .select(['user_id', 'role', 'joined_at'])
    .where('group_id', '=', groupId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export async function setMemberRole(db: Executor, groupId: number, userId: number, role: MemberRole): Promise<void> {
  await db
    .updateTable('group_members')
    .set({ role })
    .where('group_id', '=', groupId)
    .where('user_id', '=', userId)
    .execute();
}

/** Removes a member with what the group kept about them (their nudges and reminders). */
export async function deleteMember(db: Executor, groupId: number, userId: number): Promise<void> {
  const assignmentIds = db.selectFrom('group_assignments').select('id').where('group_id', '=', groupId);
  await db
    .deleteFrom('group_nudges')
    .where('user_id', '=', userId)
    .where('assignment_id', 'in', assignmentIds)
    .execute();
  await db
    .deleteFrom('group_reminders')
    .where('user_id', '=', userId)
    .where('assignment_id', 'in', assignmentIds)
    .execute();
  await db.deleteFrom('group_members').where('group_id', '=', groupId).where('user_id', '=', userId).execute();
}

export async function countAssignments(db: Executor, groupId: number): Promise<number> {
  const row = await db
    .selectFrom('group_assignments')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('group_id', '=', groupId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertAssignment(db: Executor, row: Insertable<GroupAssignmentsTable>): Promise<number> {
  const inserted = await db.insertInto('group_assignments').values(row).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
}

export async function listAssignments(db: Executor, groupId: number): Promise<AssignmentRow[]> {
  return db.selectFrom('group_assignments').selectAll().where('group_id', '=', groupId).orderBy('id', 'desc').execute();
}

export async function findAssignment(db: Executor, groupId: number, id: number): Promise<AssignmentRow | undefined> {
  return db
    .selectFrom('group_assignments')
    .selectAll()
    .where('group_id', '=', groupId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function updateAssignment(
  db: Executor,
  id: number,
  values: Partial<Insertable<GroupAssignmentsTable>>,
): Promise<void> {
  await db.updateTable('group_assignments').set(values).where('id', '=', id).execute();
}

export async function deleteAssignment(db: Executor, id: number): Promise<void> {
  await db.deleteFrom('group_assignments').where('id', '=', id).execute();
}

/** Of `userIds`, those nudged on the assignment since `since`. */
export async function nudgedSince(
  db: Executor,
  assignmentId: number,
  userIds: readonly number[],
  since: string,
): Promise<Set<number>> {
  const found = new Set<number>();
  for (const batch of inBatches(userIds)) {
    const rows = await db
      .selectFrom('group_nudges')
      .select('user_id')
      .where('assignment_id', '=', assignmentId)
      .where('user_id', 'in', batch)
      .where('nudged_at', '>', since)
      .execute();
    for (const row of rows) found.add(row.user_id);
  }
  return found;
}

/** Records nudges: a member's row is replaced only when its last nudge is older than `since`. */
export async function recordNudges(
  db: Executor,
  assignmentId: number,
  userIds: readonly number[],
  now: string,
  since: string,
): Promise<number[]> {
  const sent: number[] = [];
  for (const batch of inBatches(userIds)) {
    const rows = await db
      .insertInto('group_nudges')
      .values(batch.map((user_id) => ({ assignment_id: assignmentId, user_id, nudged_at: now })))
      .onConflict((oc) =>
        oc
          .columns(['assignment_id', 'user_id'])
          .doUpdateSet({ nudged_at: now })
          .where('group_nudges.nudged_at', '<=', since),
      )
      .returning('user_id')
      .execute();
    sent.push(...rows.map((row) => row.user_id));
  }
  return sent;
}

/** Assignments with a due date in [from, to] (the reminders job), with their group. */
export async function findAssignmentsDueBetween(db: Executor, from: string, to: string) {
  return db
    .selectFrom('group_assignments as a')
    .innerJoin('groups as g', 'g.id', 'a.group_id')
    .select([
      'a.id',
      'a.group_id',
      'a.subject_kind',
      'a.subject_id',
      'a.target',
      'a.due_date',
      'a.created_by',
      'g.uuid as group_uuid',
      'g.name as group_name',
      'g.owner_id',
    ])
    .where('a.due_date', 'is not', null)
    .where('a.due_date', '>=', from)
    .where('a.due_date', '<=', to)
    .orderBy('a.id')
    .execute();
}

/**
 * Claims reminders: inserts one row per member not yet reminded of this kind for this due date and
 * answers who was claimed now. The primary key makes two processes claim each member once.
 */
export async function claimReminders(
  db: Executor,
  assignmentId: number,
  userIds: readonly number[],
  kind: 'soon' | 'overdue',
  dueDate: string,
  now: string,
): Promise<number[]> {
  const claimed: number[] = [];
  for (const batch of inBatches(userIds)) {
    const rows = await db
      .insertInto('group_reminders')
      .values(batch.map((user_id) => ({ assignment_id: assignmentId, user_id, kind, due_date: dueDate, sent_at: now })))
      .onConflict((oc) => oc.columns(['assignment_id', 'user_id', 'kind', 'due_date']).doNothing())
      .returning('user_id')
      .execute();
    claimed.push(...rows.map((row) => row.user_id));
  }
  return claimed;
}

/** The caller's assignments on these subjects (their groups' name and uuid, and the due date). */
export async function findAssignmentsOfMember(
  db: Executor,
  userId: number,
  subjects: ReadonlyArray<{ kind: 'tree' | 'share'; subjectId: number }>,
) {
  if (subjects.length === 0) return [];
  const ids = [...new Set(subjects.map((s) => s.subjectId))];
  const rows = [];
  for (const batch of inBatches(ids)) {
    rows.push(
      ...(await db
        .selectFrom('group_assignments as a')
        .innerJoin('groups as g', 'g.id', 'a.group_id')
        .innerJoin('group_members as m', (join) => join.onRef('m.group_id', '=', 'g.id').on('m.user_id', '=', userId))
        .select(['a.subject_kind', 'a.subject_id', 'a.due_date', 'g.uuid', 'g.name'])
        .where('a.subject_id', 'in', batch)
        .orderBy('a.id')
        .execute()),
    );
  }
  return rows;
}

/** Whether the reminders of a UTC day already ran to the end. */
export async function reminderDayFinished(db: Executor, day: string): Promise<boolean> {
  return (
    (await db.selectFrom('group_reminder_days').select('day').where('day', '=', day).executeTakeFirst()) !== undefined
  );
}

export async function finishReminderDay(db: Executor, day: string, now: string): Promise<void> {
  await db
    .insertInto('group_reminder_days')
    .values({ day, finished_at: now })
    .onConflict((oc) => oc.column('day').doNothing())
    .execute();
}
