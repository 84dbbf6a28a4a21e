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

/** What a report is about, as it is now: shown to admins in the moderation queue beside the report. */
export const ReportSubject = z
  .object({
    title: z.string().describe("the template's title (of a review's or comment's template), or the username"),
    text: z.string().describe("a review's or comment's text, a template's description; empty for a user"),
    rating: z.number().int().nullable().describe("a review's stars"),
    author: UserSummary.nullable().describe('who wrote it (the user themself for a user)'),
    share: z
      .object({ id: z.number().int(), uuid: z.string(), title: z.string() })
      .nullable()
      .describe('the template it is or is on; null for a user'),
    hidden: z.boolean().describe('hidden by a moderator (a user: suspended)'),
  })
  .meta({ id: 'ReportSubject' });
export type ReportSubject = z.infer<typeof ReportSubject>;

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
    subject: ReportSubject.nullable()
      .optional()
      .describe("admins' answers: the reported item as it is now; null once it is gone"),
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
