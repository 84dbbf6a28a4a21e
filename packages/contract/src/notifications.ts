import { z } from 'zod';
import { Id, UserSummary } from './common.ts';
import { PageQuery } from './pagination.ts';

/** API.md "Authors, following, collections, notifications": notifications of what others did. */

/** Every kind API.md names; a kind is written by a domain-event handler of the notifications module. */
export const NotificationKind = z.enum([
  'review',
  'comment',
  'review_reply',
  'comment_reply',
  'suggestion',
  'suggestion_decided',
  'follow',
  'share_updated',
  'report_resolved',
  'report_new',
  'group_joined',
  'assignment_new',
  'assignment_nudge',
  'assignment_due',
]);
export type NotificationKind = z.infer<typeof NotificationKind>;

export const NotificationTarget = z.object({
  kind: z.string().describe('what the notification is about: `share` (a template), `user`, …'),
  id: z.number().int(),
  uuid: z.string().optional(),
  title: z.string().describe('its title when the notification was written'),
  node_id: z
    .string()
    .optional()
    .describe("the template's node it is about (a comment in a node's thread); absent otherwise"),
});
export type NotificationTarget = z.infer<typeof NotificationTarget>;

export const Notification = z
  .object({
    id: z.number().int(),
    kind: NotificationKind,
    actor: UserSummary.nullable().describe('who did it; null once their account is gone'),
    target: NotificationTarget,
    text: z.string().describe("one sentence in the recipient's locale"),
    read: z.boolean(),
    created_at: z.string(),
  })
  .meta({ id: 'Notification' });
export type Notification = z.infer<typeof Notification>;

export const NotificationListQuery = PageQuery.extend({
  unread: z.enum(['true', 'false']).optional().describe('`true`: only the unread ones'),
});
export type NotificationListQuery = z.infer<typeof NotificationListQuery>;

/** At most this many ids in one `mark_read`. */
export const MARK_READ_MAX_IDS = 1000;

export const MarkReadBody = z
  .object({
    ids: z
      .array(Id)
      .max(MARK_READ_MAX_IDS, 'At most 1,000 ids at once.')
      .optional()
      .describe('the notifications to mark read; all of them when absent'),
  })
  .optional();
export type MarkReadBody = z.infer<typeof MarkReadBody>;

export const UnreadCount = z.object({ count: z.number().int() });
export type UnreadCount = z.infer<typeof UnreadCount>;
