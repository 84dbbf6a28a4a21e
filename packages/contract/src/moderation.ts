import { z } from 'zod';
import { Id, UserSummary } from './common.ts';

export const ReportTargetKind = z.enum(['share', 'review', 'comment', 'user']).meta({ id: 'ReportTargetKind' });
export type ReportTargetKind = z.infer<typeof ReportTargetKind>;
export const ReportReason = z.enum(['spam', 'abuse', 'copyright', 'other']).meta({ id: 'ReportReason' });
export const ReportStatus = z.enum(['open', 'resolved']);
export const ModerationAction = z
  .enum(['dismiss', 'hide', 'unhide', 'delete', 'suspend'])
  .meta({ id: 'ModerationAction' })
  .describe('`suspend` applies to reported users only');
export type ModerationAction = z.infer<typeof ModerationAction>;

export const ReportTarget = z.object({ kind: ReportTargetKind, id: z.number().int() }).meta({ id: 'ReportTarget' });

export const Report = z
  .object({
    id: z.number().int(),
    target: ReportTarget,
    reason: ReportReason,
    details: z.string(),
    status: ReportStatus,
    action: ModerationAction.nullable(),
    reporter: UserSummary.nullable().describe('null once the account is gone'),
    created_at: z.string(),
    resolved_at: z.string().nullable(),
  })
  .meta({ id: 'Report' });
export type Report = z.infer<typeof Report>;

export const ReportCreateBody = z.object({
  target_kind: ReportTargetKind,
  target_id: Id,
  reason: ReportReason,
  details: z.string().max(2000).optional(),
});
export type ReportCreateBody = z.infer<typeof ReportCreateBody>;

export const ReportListQuery = z.object({ status: ReportStatus.optional() });

export const ReportResolveBody = z.object({
  action: ModerationAction,
  note: z.string().max(2000).optional(),
});
export type ReportResolveBody = z.infer<typeof ReportResolveBody>;

export const ModerationLogEntry = z
  .object({
    id: z.number().int(),
    admin: UserSummary.nullable(),
    action: ModerationAction,
    target: ReportTarget,
    note: z.string(),
    created_at: z.string(),
  })
  .meta({ id: 'ModerationLogEntry' });
export type ModerationLogEntry = z.infer<typeof ModerationLogEntry>;
