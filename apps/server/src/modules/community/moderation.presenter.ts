import type { ModerationAction, ModerationLogEntry, Report, UserSummary } from '@arbor/contract';
import type { LogRow, ReportRow } from './moderation.repository.ts';

const userOf = (users: Map<number, UserSummary>, id: number | null) => (id === null ? null : (users.get(id) ?? null));

/** Row → the contract's `Report`. */
export function presentReport(row: ReportRow, users: Map<number, UserSummary>): Report {
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
