import type { Locale, Notification, NotificationKind } from '@arbor/contract';
import { avatarUrlOf } from '../../lib/avatars/avatars.ts';
import { formatMessage } from '../../lib/messages/index.ts';
import type { NotificationRow } from './notifications.repository.ts';

/**
 * The sentence of each kind, in English with `{actor}` and `{title}` (the target's title); its
 * zh-CN and ja-JP translations are in `notifications.messages.ts`. A new kind adds its sentence here
 * and in the catalog, and a handler in `notifications.events.ts`. A kind whose rows carry a
 * `detail` has one sentence per detail, keyed `kind:detail`.
 */
export const NOTIFICATION_TEXTS: Readonly<Record<string, string>> = {
  review: '{actor} reviewed your template "{title}".',
  review_reply: '{actor} replied to your review of "{title}".',
  comment: '{actor} commented on your template "{title}".',
  comment_reply: '{actor} replied to your comment on "{title}".',
  follow: '{actor} started following you.',
  suggestion: '{actor} suggested changes to your template "{title}".',
  'suggestion_decided:accepted': '{actor} accepted your suggestion for "{title}".',
  'suggestion_decided:rejected': '{actor} declined your suggestion for "{title}".',
  // A template's new revision: for a forker, the title is their tree's; for a learner, the template's.
  'share_updated:fork': '{actor} updated the template of your tree "{title}".',
  'share_updated:learn': '{actor} updated the template "{title}" you are learning.',
  // A moderator stays anonymous, and a removed item's title is not repeated.
  'report_resolved:dismiss': 'A moderator reviewed your report and took no action.',
  'report_resolved:hide': 'Thanks for your report: a moderator hid the content.',
  'report_resolved:delete': 'Thanks for your report: a moderator removed the content.',
  'report_resolved:suspend': 'Thanks for your report: a moderator suspended the account.',
  // To admins: the title is the reported template's (of a review or comment too) or the user's name.
  report_new: '{actor} reported "{title}": it waits for moderation.',
  // Groups: the title is the group's name (group_joined) or the assigned tree's or template's.
  group_joined: '{actor} joined your group "{title}".',
  assignment_new: '{actor} assigned you "{title}".',
  assignment_nudge: '{actor} reminds you to keep learning "{title}".',
  'assignment_due:soon': '"{title}" is due tomorrow.',
  'assignment_due:overdue': '"{title}" is past its due date.',
};

/** Shown for an actor whose account is gone. */
const SOMEONE = 'Someone';

const LOCALES: readonly string[] = ['zh-CN', 'en-US', 'ja-JP'];

/** A user's stored locale when it is one we speak, else zh-CN (API.md: the default language). */
export function recipientLocale(stored: string | null | undefined): Locale {
  return stored && LOCALES.includes(stored) ? (stored as Locale) : 'zh-CN';
}

export interface ActorInfo {
  id: number;
  username: string;
  nickname: string | null;
  avatar_key: string | null;
}

/** A row as the API shows it to its recipient, its text in `locale`. */
export function presentNotification(
  row: NotificationRow,
  actor: ActorInfo | undefined,
  locale: Locale,
  baseUrl: string,
): Notification {
  const actorName = actor ? actor.nickname?.trim() || actor.username : formatMessage(SOMEONE, locale);
  const kind = row.kind as NotificationKind;
  const template = NOTIFICATION_TEXTS[row.detail ? `${kind}:${row.detail}` : kind];
  return {
    id: row.id,
    kind,
    actor: actor
      ? { id: actor.id, username: actor.username, avatar_url: avatarUrlOf(baseUrl, actor.avatar_key) }
      : null,
    target: {
      kind: row.target_kind,
      id: row.target_id,
      ...(row.target_uuid ? { uuid: row.target_uuid } : {}),
      title: row.target_title,
      ...(row.target_node ? { node_id: row.target_node } : {}),
    },
    text: template ? formatMessage(template, locale, { actor: actorName, title: row.target_title }) : row.target_title,
    read: row.read === 1,
    created_at: row.created_at,
  };
}
