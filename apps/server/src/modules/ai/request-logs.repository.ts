import { sql, type Insertable } from 'kysely';
import type { DB, Executor } from '../../db/connection.ts';
import type { AiRequestLogsTable } from '../../db/tables/ai.ts';
import type { PageWindow } from '../../lib/pagination.ts';

export interface RequestLogFilter {
  /** null: every user's logs (admins) */
  userId: number | null;
  status?: 'success' | 'error';
  kind?: AiRequestLogsTable['kind'];
  model?: string;
}

function filtered(db: DB, filter: RequestLogFilter) {
  return db
    .selectFrom('ai_request_logs')
    .leftJoin('users', 'users.id', 'ai_request_logs.user_id')
    .$if(filter.userId !== null, (q) => q.where('ai_request_logs.user_id', '=', filter.userId!))
    .$if(filter.status !== undefined, (q) => q.where('ai_request_logs.status', '=', filter.status!))
    .$if(filter.kind !== undefined, (q) => q.where('ai_request_logs.kind', '=', filter.kind!))
    .$if(filter.model !== undefined, (q) => q.where('ai_request_logs.model', '=', filter.model!));
}

export const countRequestLogs = async (db: DB, filter: RequestLogFilter) =>
  Number(
    (
      await filtered(db, filter)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

export const listRequestLogs = (db: DB, filter: RequestLogFilter, window: PageWindow) =>
  filtered(db, filter)
    .selectAll('ai_request_logs')
    .select('users.username')
    .orderBy('ai_request_logs.created_at', 'desc')
    .orderBy('ai_request_logs.id', 'desc')
    .limit(window.pageSize)
    .offset(window.offset)
    .execute();

export const findRequestLog = (db: DB, id: number, filter: RequestLogFilter) =>
  filtered(db, filter)
    .selectAll('ai_request_logs')
    .select('users.username')
    .where('ai_request_logs.id', '=', id)
    .executeTakeFirst();

export async function revealResponse(db: DB, id: number): Promise<void> {
  await db.updateTable('ai_request_logs').set({ response_withheld: 0 }).where('id', '=', id).execute();
}

export const insertRequestLog = async (db: Executor, values: Insertable<AiRequestLogsTable>) =>
  (await db.insertInto('ai_request_logs').values(values).returning('id').executeTakeFirstOrThrow()).id;

/** Upstream calls a user made since `sinceIso` (the daily quota). */
export const countUserCallsSince = async (db: DB, userId: number, sinceIso: string) =>
  Number(
    (
      await db
        .selectFrom('ai_request_logs')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .where('created_at', '>=', sinceIso)
        .where('kind', '!=', 'test')
        .executeTakeFirstOrThrow()
    ).n,
  );

/** Per-day totals since `sinceIso` (timestamps are ISO strings, so the day is their first ten characters). */
export const dailyTotals = (db: DB, userId: number | null, sinceIso: string) => {
  const day = sql<string>`substr(created_at, 1, 10)`;
  return db
    .selectFrom('ai_request_logs')
    .select((eb) => [
      day.as('date'),
      eb.fn.countAll<number>().as('calls'),
      eb.fn.sum<number>(eb.case().when('status', '=', 'error').then(1).else(0).end()).as('errors'),
      eb.fn.sum<number>('prompt_tokens').as('prompt_tokens'),
      eb.fn.sum<number>('completion_tokens').as('completion_tokens'),
    ])
    .where('created_at', '>=', sinceIso)
    .$if(userId !== null, (q) => q.where('user_id', '=', userId!))
    .groupBy(day)
    .orderBy(day)
    .execute();
};
