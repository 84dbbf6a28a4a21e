import type { AiRequestLog, AiRequestLogDetail } from '@arbor/contract';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../lib/http-errors.ts';
import type { PageWindow } from '../../lib/pagination.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { presentRequestLog, presentRequestLogDetail } from './ai.presenter.ts';
import * as repo from './request-logs.repository.ts';

export interface RequestLogQuery {
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
  app: FastifyInstance,
  viewer: AuthUser,
  query: RequestLogQuery,
  window: PageWindow,
): Promise<{ count: number; results: AiRequestLog[] }> {
  const filter = scope(viewer, query);
  const [count, rows] = await Promise.all([
    repo.countRequestLogs(app.db, filter),
    repo.listRequestLogs(app.db, filter, window),
  ]);
  return { count, results: rows.map(presentRequestLog) };
}

export async function getRequestLog(app: FastifyInstance, viewer: AuthUser, id: number): Promise<AiRequestLogDetail> {
  const row = await repo.findRequestLog(app.db, id, scope(viewer, {}));
  if (!row) throw notFound();
  return presentRequestLogDetail(row);
}
