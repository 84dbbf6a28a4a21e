import type { Dialect } from '../../db/connection.ts';
import { InProcessJobs, type Jobs, type JobsLog } from './jobs.ts';
import { PgBossJobs, type PgBossJobsOptions } from './pg-boss-jobs.ts';

/**
 * The jobs adapter for a database (ARCHITECTURE.md "Third wave additions"): pg-boss queues in
 * PostgreSQL, shared by every process on the database; an in-process queue on SQLite (one process).
 */
export function createJobs(
  dialect: Dialect,
  databaseUrl: string,
  log: JobsLog,
  options: Omit<PgBossJobsOptions, 'connectionString'> = {},
): Jobs {
  return dialect === 'postgres'
    ? new PgBossJobs(log, { connectionString: databaseUrl, ...options })
    : new InProcessJobs(log);
}
