import type { ModerationAction, ModerationLogEntry, Report, ReportSubject, UserSummary } from '@arbor/contract';
import type { LogRow, ReportRow } from './moderation.repository.ts';
import type { SubjectRow } from './report-targets.ts';

const userOf = (users: Map<number, UserSummary>, id: number | null) => (id === null ? null : (users.get(id) ?? null));

/** A reported item as admins see it in the queue. */
export function presentSubject(subject: SubjectRow, users: Map<number, UserSummary>): ReportSubject {
  const { authorId, ...rest } = subject;
  return { ...rest, author: userOf(users, authorId) };
}

/** Row → the contract's `Report` (with its subject for admins: null once the item is gone). */
export function presentReport(
  row: ReportRow,
  users: Map<number, UserSummary>,
  subjects?: Map<string, SubjectRow>,
): Report {
  const subject = subjects?.get(`${row.target_kind}:${row.target_id}`);
  return {
    id: row.id,
    target: { kind: row.target_kind, id: row.target_id },
    reason: row.reason,
    details: row.details,
    status: row.status,
    action: row.action as ModerationAction | null,
    reporter: userOf(users, row.reporter_id),
    created_at: row.created_at,
    resolved_at: row.resolved_at,
    ...(subjects ? { subject: subject ? presentSubject(subject, users) : null } : {}),
  };
}

/** Row → an entry of the moderation log. */
export function presentLogEntry(row: LogRow, users: Map<number, UserSummary>): ModerationLogEntry {
  return {
    id: row.id,
    admin: userOf(users, row.admin_id),
    action: row.action as ModerationAction,
    target: { kind: row.target_kind, id: row.target_id },
    note: row.note,
    created_at: row.created_at,
  };
}
