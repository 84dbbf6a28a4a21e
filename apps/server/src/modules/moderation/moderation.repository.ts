import { MAX_ID } from '@arbor/contract';
import type { Selectable } from 'kysely';
import type { Executor } from '../../db/connection.ts';
import type { ModerationLogTable, ModerationReportsTable } from '../../db/tables/moderation.ts';

export type ReportRow = Selectable<ModerationReportsTable>;
export type LogRow = Selectable<ModerationLogTable>;
export type TargetKind = ReportRow['target_kind'];

export async function insertReport(
  db: Executor,
  values: Pick<ReportRow, 'reporter_id' | 'target_kind' | 'target_id' | 'reason' | 'details' | 'created_at'>,
): Promise<ReportRow> {
  return db
    .insertInto('moderation_reports')
    .values({ ...values, status: 'open', action: null, resolved_at: null })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function findReport(db: Executor, id: number): Promise<ReportRow | undefined> {
  if (id > MAX_ID) return undefined;
  return db.selectFrom('moderation_reports').selectAll().where('id', '=', id).executeTakeFirst();
}

/** One page of reports (of one status when given), newest first, and how many there are. */
export async function listReports(
  db: Executor,
  status: ReportRow['status'] | undefined,
  page: { offset: number; limit: number },
): Promise<{ count: number; rows: ReportRow[] }> {
  const base = db.selectFrom('moderation_reports').$if(status !== undefined, (q) => q.where('status', '=', status!));
  const [counted, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
    base
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
  ]);
  return { count: Number(counted.count), rows };
}

export async function markResolved(db: Executor, id: number, action: string, now: string): Promise<void> {
  await db
    .updateTable('moderation_reports')
    .set({ status: 'resolved', action, resolved_at: now })
    .where('id', '=', id)
    .execute();
}

export async function insertLog(
  db: Executor,
  values: Pick<LogRow, 'admin_id' | 'action' | 'target_kind' | 'target_id' | 'report_id' | 'note' | 'created_at'>,
): Promise<void> {
  await db.insertInto('moderation_log').values(values).execute();
}

/** The latest `limit` entries of the moderation log, newest first. */
export async function listLog(db: Executor, limit: number): Promise<LogRow[]> {
  return db.selectFrom('moderation_log').selectAll().orderBy('id', 'desc').limit(limit).execute();
}
