import type { Generated } from 'kysely';

/** A group (API.md "Groups"); its join code is unique across groups. */
export interface GroupsTable {
  id: Generated<number>;
  uuid: string;
  name: string;
  description: Generated<string>;
  kind: 'class' | 'team' | 'study_group';
  owner_id: number;
  join_code: string;
  /** 0/1 */
  join_open: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface GroupMembersTable {
  id: Generated<number>;
  group_id: number;
  user_id: number;
  role: 'owner' | 'mentor' | 'member';
  consented_at: string;
  joined_at: string;
}

export interface GroupAssignmentsTable {
  id: Generated<number>;
  group_id: number;
  subject_kind: 'tree' | 'share';
  subject_id: number;
  target: string | null;
  /** YYYY-MM-DD or null */
  due_date: string | null;
  note: Generated<string>;
  /** null once the creator's account is gone */
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

export interface GroupNudgesTable {
  assignment_id: number;
  user_id: number;
  nudged_at: string;
}

export interface GroupRemindersTable {
  assignment_id: number;
  user_id: number;
  kind: 'soon' | 'overdue';
  due_date: string;
  sent_at: string;
}

export interface GroupReminderDaysTable {
  day: string;
  finished_at: string;
}

export interface GroupsTables {
  groups: GroupsTable;
  group_members: GroupMembersTable;
  group_assignments: GroupAssignmentsTable;
  group_nudges: GroupNudgesTable;
  group_reminders: GroupRemindersTable;
  group_reminder_days: GroupReminderDaysTable;
}
