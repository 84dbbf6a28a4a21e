import { NodeId } from '@arbor/tree-core';
import { z } from 'zod';
import { UserSummary } from './common.ts';
import { LearningStatusValue, Subject } from './learning.ts';

/** API.md "Groups": classes, teams and study groups; owners and mentors follow members' assignments. */

export const GROUP_KINDS = ['class', 'team', 'study_group'] as const;
export const GroupKind = z.enum(GROUP_KINDS);
export type GroupKind = z.infer<typeof GroupKind>;

export const GROUP_ROLES = ['owner', 'mentor', 'member'] as const;
export const GroupRole = z.enum(GROUP_ROLES);
export type GroupRole = z.infer<typeof GroupRole>;

/** Join codes: 8 characters of this alphabet (no 0/O, 1/I, which people misread). */
export const JOIN_CODE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
export const JOIN_CODE_LENGTH = 8;

export const GROUP_LIMITS = { members: 500, assignments: 100, ownedGroups: 50 } as const;

const Uuid = z.string().trim().min(1).max(64);
/** A calendar day that exists (2026-02-30 is refused). */
const DateOnly = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-01-31.')
  .refine((s) => {
    const [y, m, d] = s.split('-').map(Number) as [number, number, number];
    const day = new Date(Date.UTC(y, m - 1, d));
    return day.getUTCFullYear() === y && day.getUTCMonth() === m - 1 && day.getUTCDate() === d;
  }, 'Use a date like 2026-01-31.');

export const GroupAbilities = z
  .object({
    update: z.boolean().describe('change name, description, kind and join_open (owner, mentors)'),
    delete: z.boolean().describe('delete the group (owner)'),
    rotate_code: z.boolean().describe('make a new join code (owner, mentors)'),
    manage_roles: z.boolean().describe('make a member a mentor or back (owner)'),
    remove_members: z.boolean().describe('remove members (owner: anyone but themself; mentors: members only)'),
    assign: z.boolean().describe('create, change and delete assignments (owner, mentors)'),
    view_progress: z
      .boolean()
      .describe("see members' progress on assignments: dashboard, CSV, nudges (owner, mentors)"),
    leave: z.boolean().describe('leave the group (everyone but the owner)'),
  })
  .meta({ id: 'GroupAbilities' })
  .describe("what the caller may do with this group, computed by the server's policy");
export type GroupAbilities = z.infer<typeof GroupAbilities>;

export const Group = z
  .object({
    id: z.number().int(),
    uuid: z.string(),
    name: z.string(),
    description: z.string(),
    kind: GroupKind,
    my_role: GroupRole,
    members_count: z.number().int(),
    assignments_count: z.number().int(),
    join_code: z.string().nullable().describe('owner and mentors only; null for members'),
    join_open: z.boolean(),
    abilities: GroupAbilities,
    created_at: z.string(),
  })
  .meta({ id: 'Group' });
export type Group = z.infer<typeof Group>;

export const GroupCreate = z.object({
  name: z.string().trim().min(1).max(100),
  description: z.string().max(1000).optional().default(''),
  kind: GroupKind,
  join_open: z.boolean().optional().default(true),
});
export type GroupCreate = z.infer<typeof GroupCreate>;

export const GroupUpdate = z.object({
  name: z.string().trim().min(1).max(100).optional(),
  description: z.string().max(1000).optional(),
  kind: GroupKind.optional(),
  join_open: z.boolean().optional(),
});
export type GroupUpdate = z.infer<typeof GroupUpdate>;

export const GroupParams = z.object({ uuid: Uuid });
export const GroupMemberParams = z.object({
  uuid: Uuid,
  user_id: z.coerce.number().int().positive().max(2_147_483_647),
});
export const GroupAssignmentParams = z.object({
  uuid: Uuid,
  id: z.coerce.number().int().positive().max(2_147_483_647),
});

export const JoinCodeAnswer = z.object({ join_code: z.string() });
export type JoinCodeAnswer = z.infer<typeof JoinCodeAnswer>;

const JoinCode = z.string().trim().min(1).max(32);

export const GroupPreviewQuery = z.object({ code: JoinCode });
export const GroupPreview = z
  .object({
    uuid: z.string(),
    name: z.string(),
    kind: GroupKind,
    owner: UserSummary,
    members_count: z.number().int(),
  })
  .meta({ id: 'GroupPreview' });
export type GroupPreview = z.infer<typeof GroupPreview>;

export const GroupJoin = z.object({
  code: JoinCode,
  share_progress: z
    .boolean()
    .optional()
    .describe('must be true: the member agrees that owner and mentors see progress and retention on assignments'),
});
export type GroupJoin = z.infer<typeof GroupJoin>;

export const GroupMember = z
  .object({ user: UserSummary, role: GroupRole, joined_at: z.string() })
  .meta({ id: 'GroupMember' });
export type GroupMember = z.infer<typeof GroupMember>;

export const GroupMemberUpdate = z.object({ role: z.enum(['mentor', 'member']) });
export type GroupMemberUpdate = z.infer<typeof GroupMemberUpdate>;

export const AssignmentAbilities = z
  .object({
    update: z.boolean(),
    delete: z.boolean(),
    view_progress: z.boolean().describe('read the dashboard and CSV'),
    nudge: z.boolean(),
  })
  .meta({ id: 'AssignmentAbilities' })
  .describe("what the caller may do with this assignment, computed by the server's policy");
export type AssignmentAbilities = z.infer<typeof AssignmentAbilities>;

export const AssignmentStats = z.object({
  members: z.number().int(),
  complete: z.number().int(),
  overdue: z.number().int(),
  avg_percent: z.number().int(),
  avg_retention: z.number().nullable(),
});
export type AssignmentStats = z.infer<typeof AssignmentStats>;

export const Assignment = z
  .object({
    id: z.number().int(),
    subject: Subject,
    target: z.string().nullable(),
    target_title: z.string().nullable(),
    due_date: z.string().nullable(),
    note: z.string(),
    created_by: UserSummary.nullable(),
    created_at: z.string(),
    mine: z.object({ percent: z.number().int(), complete: z.boolean() }).describe('for the caller'),
    stats: AssignmentStats.nullable().describe('owner and mentors; null for members'),
    abilities: AssignmentAbilities,
  })
  .meta({ id: 'Assignment' });
export type Assignment = z.infer<typeof Assignment>;

export const AssignmentCreate = z
  .object({
    share: Uuid.optional(),
    tree: Uuid.optional(),
    target: NodeId.nullable().optional(),
    due_date: DateOnly.nullable().optional(),
    note: z.string().max(1000).optional().default(''),
  })
  .refine((s) => (s.tree === undefined) !== (s.share === undefined), {
    message: 'Name exactly one of tree or share.',
    path: ['share'],
  });
export type AssignmentCreate = z.infer<typeof AssignmentCreate>;

export const AssignmentUpdate = z.object({
  target: NodeId.nullable().optional(),
  due_date: DateOnly.nullable().optional(),
  note: z.string().max(1000).optional(),
});
export type AssignmentUpdate = z.infer<typeof AssignmentUpdate>;

export const DashboardQuery = z.object({ format: z.enum(['json', 'csv']).optional() });

export const DashboardCell = z.object({ status: LearningStatusValue, retention: z.number().min(0).max(1).nullable() });
export const DashboardMember = z.object({
  user: UserSummary,
  percent: z.number().int(),
  complete: z.boolean(),
  overdue: z.boolean(),
  retention: z.number().min(0).max(1).nullable(),
  last_activity_at: z.string().nullable(),
  stuck: z.boolean().describe('a node of the assignment has been `learning` for more than 7 days (the "stuck" filter)'),
  cells: z.record(z.string(), DashboardCell),
});
export type DashboardMember = z.infer<typeof DashboardMember>;

export const Dashboard = z
  .object({
    nodes: z.array(z.object({ id: z.string(), title: z.string() })).describe('path order'),
    members: z.array(DashboardMember),
  })
  .meta({ id: 'AssignmentDashboard' });
export type Dashboard = z.infer<typeof Dashboard>;

export const NudgeBody = z
  .object({
    user_ids: z.array(z.number().int().positive().max(2_147_483_647)).max(500).optional(),
    message: z.string().max(500).optional(),
  })
  .optional();
export type NudgeBody = z.infer<typeof NudgeBody>;

export const NudgeAnswer = z.object({ sent: z.number().int(), skipped: z.number().int() });
export type NudgeAnswer = z.infer<typeof NudgeAnswer>;
