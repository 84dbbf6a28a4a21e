import { randomUUID } from 'node:crypto';
import PgBoss from 'pg-boss';
import { safeError } from '../safe-error.ts';
import {
  JOB_ATTEMPTS,
  logFailedJob,
  type EnqueueOptions,
  type JobHandler,
  type JobMap,
  type JobName,
  type Jobs,
  type JobsLog,
  type JobState,
} from './jobs.ts';

export interface PgBossJobsOptions {
  connectionString: string;
  /** seconds before the first retry of a failed job (then doubled each time); 30 unless told */
  retryDelaySeconds?: number;
  /** how often an idle worker asks for work, in seconds (at least 0.5); 2 unless told */
  pollingIntervalSeconds?: number;
}

/** The schema pg-boss keeps its tables in, beside Arbor's own. */
const SCHEMA = 'pgboss';
/** Connections of pg-boss's own pool (polling, sends, maintenance), beside the app's. */
const POOL_SIZE = 3;
/** A job still running after this long is failed by pg-boss's supervisor (and retried). */
const EXPIRE_SECONDS = 15 * 60;
/** How often `idle` looks at the queues again. */
const IDLE_POLL_MS = 50;

const STATES: Record<string, JobState> = {
  created: 'queued',
  retry: 'queued',
  active: 'running',
  completed: 'completed',
  cancelled: 'failed',
  failed: 'failed',
};

/**
 * The PostgreSQL adapter: pg-boss 10 queues in the app's database, one queue per job name. Every
 * process that shares the database runs workers; a job is fetched by exactly one of them (pg-boss
 * locks it with SKIP LOCKED), and queues use the `stately` policy, so a singleton key allows at most
 * one waiting and one running job of that name and key across all of them. A job that throws is
 * retried `JOB_ATTEMPTS - 1` times with backoff, then marked failed and logged; one that runs past
 * `EXPIRE_SECONDS` (its process died) is failed and retried by pg-boss's supervisor, never left active.
 */
export class PgBossJobs implements Jobs {
  private readonly handlers = new Map<JobName, (payload: unknown) => Promise<void>>();
  private readonly workers = new Map<JobName, string>();
  private readonly boss: PgBoss;
  private starting: Promise<void> | null = null;
  private closed = false;
  /** sends not yet answered by the database, and jobs running in this process */
  private busy = 0;

  constructor(
    private readonly log: JobsLog,
    private readonly options: PgBossJobsOptions,
  ) {
    this.boss = new PgBoss({
      connectionString: options.connectionString,
      schema: SCHEMA,
      max: POOL_SIZE,
      application_name: 'arbor-jobs',
      // No cron: nothing is scheduled by the clock yet (delayed jobs use `startAfter`).
      schedule: false,
      supervise: true,
      migrate: true,
      // Finished jobs move to the archive after a day (failed ones after a week) and go after 30 days.
      archiveCompletedAfterSeconds: 24 * 3600,
      archiveFailedAfterSeconds: 7 * 24 * 3600,
      deleteAfterDays: 30,
    });
    this.boss.on('error', (error) => this.log.error({ err: safeError(error) }, 'the job queue reported an error'));
  }

  handle<N extends JobName>(name: N, handler: JobHandler<N>): void {
    if (this.starting) throw new Error(`job ${name} is registered after the queue started`);
    this.handlers.set(name, handler as (payload: unknown) => Promise<void>);
  }

  start(): Promise<void> {
    if (this.closed) return Promise.reject(new Error('the job queue is closed'));
    this.starting ??= this.boot().catch((error: unknown) => {
      this.starting = null;
      throw error;
    });
    return this.starting;
  }

  async enqueue<N extends JobName>(name: N, payload: JobMap[N], options: EnqueueOptions = {}): Promise<string | null> {
    if (this.closed) {
      this.log.warn({ job: name }, 'a job was queued after shutdown began and is dropped');
      return null;
    }
    if (!this.handlers.has(name)) throw new Error(`no handler for job ${name}`);
    this.busy += 1;
    try {
      await this.start();
      const id = await this.boss.send(name, payload as object, {
        // Without a key of its own, a job is its own singleton: any number of them may wait.
        singletonKey: options.singletonKey ?? randomUUID(),
        ...(options.delayMs ? { startAfter: new Date(Date.now() + options.delayMs) } : {}),
      });
      // This process's worker looks now rather than at its next poll.
      const worker = this.workers.get(name);
      if (id && worker && !options.delayMs) this.boss.notifyWorker(worker);
      return id;
    } catch (error) {
      this.log.error({ err: safeError(error), job: name }, 'a background job could not be queued');
      return null;
    } finally {
      this.busy -= 1;
    }
  }

  async status(name: JobName, id: string): Promise<JobState | null> {
    await this.start();
    const job = await this.boss.getJobById(name, id, { includeArchive: true });
    return job ? (STATES[job.state] ?? null) : null;
  }

  async idle(): Promise<void> {
    if (!this.starting) return;
    await this.starting;
    for (;;) {
      let waiting = this.busy;
      for (const name of this.handlers.keys()) {
        if (waiting > 0) break;
        waiting += await this.boss.getQueueSize(name, { before: 'completed' });
      }
      if (waiting === 0) return;
      await new Promise((resolve) => setTimeout(resolve, IDLE_POLL_MS));
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    if (!this.starting) return;
    await this.starting.catch(() => undefined);
    // Running jobs finish (or are failed back to the queue after the timeout), then the pool closes.
    await this.boss.stop({ graceful: true, wait: true, close: true, timeout: 10_000 });
  }

  private async boot(): Promise<void> {
    await this.boss.start();
    const retryDelay = this.options.retryDelaySeconds ?? 30;
    for (const [name, handler] of this.handlers) {
      await createQueueOnce(() =>
        this.boss.createQueue(name, {
          name,
          policy: 'stately',
          retryLimit: JOB_ATTEMPTS - 1,
          retryDelay,
          retryBackoff: retryDelay > 0,
          expireInSeconds: EXPIRE_SECONDS,
          // a job that waits two weeks without a worker is dropped
          retentionDays: 14,
        }),
      );
      const id = await this.boss.work<unknown>(
        name,
        { includeMetadata: true, batchSize: 1, pollingIntervalSeconds: this.options.pollingIntervalSeconds ?? 2 },
        async ([job]) => {
          if (!job) return;
          this.busy += 1;
          try {
            await handler(job.data);
          } catch (error) {
            if (job.retryCount >= job.retryLimit) logFailedJob(this.log, name, error);
            else
              this.log.warn(
                { err: safeError(error), job: name, attempt: job.retryCount + 1 },
                'a background job will be retried',
              );
            // What pg-boss keeps of the error in its table: the safe summary, never the stack.
            throw Object.assign(new Error(String(safeError(error).message)), { stack: undefined });
          } finally {
            this.busy -= 1;
          }
        },
      );
      this.workers.set(name, id);
    }
  }
}

/** PostgreSQL's "deadlock detected". */
const DEADLOCK = '40P01';

/**
 * Creates a queue, trying again when PostgreSQL broke a deadlock against another process creating the
 * same queues at the same moment (two servers started together): one of them wins, the other finds
 * the queue there on its next try.
 */
async function createQueueOnce(create: () => Promise<void>): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await create();
    } catch (error) {
      if ((error as { code?: unknown }).code !== DEADLOCK || attempt >= 5) throw error;
    }
  }
}
