import type { AiRequestLog, AiRequestLogDetail, AiUsageDay } from '@arbor/contract';
import type { Deps } from '../../deps.ts';
import { notFound } from '../../lib/http-errors.ts';
import type { PageWindow } from '../../lib/pagination.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { presentRequestLog, presentRequestLogDetail } from './ai.presenter.ts';
import * as repo from './request-logs.repository.ts';

interface RequestLogQuery {
  status?: 'success' | 'error';
  kind?: AiRequestLog['kind'];
  model?: string;
  user?: number;
}

/** Users see their own logs; admins everyone's (optionally one user's). */
const scope = (viewer: AuthUser, query: RequestLogQuery): repo.RequestLogFilter => ({
  userId: viewer.role === 'admin' ? (query.user ?? null) : viewer.id,
  status: query.status,
  kind: query.kind,
  model: query.model,
});

export async function listRequestLogs(
  deps: Deps,
  viewer: AuthUser,
  query: RequestLogQuery,
  window: PageWindow,
): Promise<{ count: number; results: AiRequestLog[] }> {
  const filter = scope(viewer, query);
  const [count, rows] = await Promise.all([
    repo.countRequestLogs(deps.db, filter),
    repo.listRequestLogs(deps.db, filter, window),
  ]);
  return { count, results: rows.map(presentRequestLog) };
}

export async function getRequestLog(deps: Deps, viewer: AuthUser, id: number): Promise<AiRequestLogDetail> {
  const row = await repo.findRequestLog(deps.db, id, scope(viewer, {}));
  if (!row) throw notFound();
  return presentRequestLogDetail(row, viewer.role === 'admin');
}

/** Shows a withheld response to its user again (the quiz it held answers of was submitted). */
export async function revealRequestLogResponse(deps: Pick<Deps, 'db'>, id: number): Promise<void> {
  await repo.revealResponse(deps.db, id);
}

const DEFAULT_USAGE_DAYS = 30;

/** Calls, errors and tokens per UTC day over the last `days` days (own usage; admins everyone's or one user's). */
export async function usageByDay(
  deps: Deps,
  viewer: AuthUser,
  query: { days?: number; user?: number },
): Promise<AiUsageDay[]> {
  const since = deps.clock.now();
  since.setUTCHours(0, 0, 0, 0);
  since.setUTCDate(since.getUTCDate() - ((query.days ?? DEFAULT_USAGE_DAYS) - 1));
  const rows = await repo.dailyTotals(deps.db, scope(viewer, query).userId, since.toISOString());
  return rows.map((r) => ({
    date: r.date,
    calls: Number(r.calls),
    errors: Number(r.errors ?? 0),
    prompt_tokens: Number(r.prompt_tokens ?? 0),
    completion_tokens: Number(r.completion_tokens ?? 0),
  }));
}
