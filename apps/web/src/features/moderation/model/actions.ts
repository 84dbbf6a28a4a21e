import type { ModerationAction, Report } from '@arbor/contract';

/**
 * The actions a report offers (API.md "Moderation"): a template, review or comment can be hidden
 * (or shown again once hidden) or deleted; a user can be suspended; any report can be dismissed. An
 * item that is gone leaves only dismissing, and a suspended user nothing more to do to them.
 */
export function actionsFor(report: Pick<Report, 'target' | 'subject'>): ModerationAction[] {
  const subject = report.subject;
  if (!subject) return ['dismiss'];
  if (report.target.kind === 'user') return subject.hidden ? ['dismiss'] : ['dismiss', 'suspend'];
  return ['dismiss', subject.hidden ? 'unhide' : 'hide', 'delete'];
}

/** Where a reported item can be seen in the app, or null (gone). */
export function subjectPath(report: Pick<Report, 'target' | 'subject'>): string | null {
  const subject = report.subject;
  if (!subject) return null;
  if (report.target.kind === 'user') return `/u/${encodeURIComponent(subject.title)}`;
  if (!subject.share) return null;
  const template = `/community/${encodeURIComponent(subject.share.uuid)}`;
  if (report.target.kind === 'review') return `${template}?tab=reviews`;
  if (report.target.kind === 'comment') return `${template}?tab=discussion`;
  return template;
}
