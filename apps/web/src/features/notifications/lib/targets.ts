import type { Notification } from '@arbor/contract';
import { mediumDate } from '../../../lib/medium-date.ts';

/**
 * Where a notification leads, or null when there is nothing to open (a report whose item is gone):
 * a template (on its Reviews, Discussion or Suggestions tab when it is about a review, a comment or
 * a suggestion; a comment in a node's thread opens that node's threads), an author page, or the reader's
 * own fork of an updated template (its editor offers the update); a new report (to admins) opens the
 * moderation page; a group's notification opens the group.
 */
export function targetPath(notification: Pick<Notification, 'kind' | 'target'>): string | null {
  const { kind, target } = notification;
  if (kind === 'report_new') return '/admin/moderation';
  if (target.kind === 'user') return target.title ? `/u/${encodeURIComponent(target.title)}` : null;
  if (!target.uuid) return null;
  if (target.kind === 'tree') return `/trees/${encodeURIComponent(target.uuid)}`;
  // the four group kinds (a member joined, an assignment new, nudged or due) open the group's page
  if (target.kind === 'group') return `/groups/${encodeURIComponent(target.uuid)}`;
  const template = `/community/${encodeURIComponent(target.uuid)}`;
  if (target.kind === 'share' || target.kind === 'review' || target.kind === 'comment') {
    if (kind === 'review' || kind === 'review_reply') return `${template}?tab=reviews`;
    if (kind === 'comment' || kind === 'comment_reply') {
      return target.node_id
        ? `${template}?tab=discussion&node=${encodeURIComponent(target.node_id)}`
        : `${template}?tab=discussion`;
    }
    if (kind === 'suggestion' || kind === 'suggestion_decided') return `${template}?tab=suggestions`;
    return template;
  }
  return null;
}

const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['minute', 60],
  ['hour', 60 * 60],
  ['day', 24 * 60 * 60],
];

/** "5 minutes ago", "yesterday", … for the last week, then the date; "now" within a minute. */
export function formatWhen(iso: string, locale: string, now: number = Date.now()): string {
  const then = new Date(iso).getTime();
  const seconds = Math.max(0, Math.round((now - then) / 1000));
  const relative = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  if (seconds < 60) return relative.format(0, 'second');
  if (seconds < 7 * 24 * 60 * 60) {
    const [unit, size] = [...UNITS].reverse().find(([, size]) => seconds >= size)!;
    return relative.format(-Math.floor(seconds / size), unit);
  }
  return mediumDate(then, locale);
}
