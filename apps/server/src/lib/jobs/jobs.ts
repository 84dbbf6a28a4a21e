import type { FastifyBaseLogger } from 'fastify';
import { safeError } from '../safe-error.ts';

/**
 * Background work by name, with its payload. A payload is plain JSON (ids, not rows or documents),
 * so that a queue kept in the database (the third wave's pg-boss adapter) can carry it unchanged.
 */
export interface JobMap {
  /** automatic cards of nodes that became done, beyond what one request creates itself (learning) */
  'learning.auto_cards': {
    userId: number;
    role: 'user' | 'admin';
    kind: 'tree' | 'share';
    subjectId: number;
    nodeIds: string[];
  };
}

export type JobName = keyof JobMap;
export type JobHandler<N extends JobName> = (payload: JobMap[N]) => Promise<void>;

/**
 * Long work handed off by a request: the request answers once its own bounded part is committed,
 * and the job runs after it. Handlers are registered by the module that owns the work; `enqueue`
 * is called after the commit that made the work due. A handler must be safe to run again (a job
 * that fails is retried), and should commit in short transactions so that other requests get the
 * database between them.
 */
export interface Jobs {
  handle<N extends JobName>(name: N, handler: JobHandler<N>): void;
  enqueue<N extends JobName>(name: N, payload: JobMap[N]): void;
  /** Resolves once nothing is queued or running (tests, shutdown). */
  idle(): Promise<void>;
  /** Refuses new jobs and waits for the queued ones. */
  close(): Promise<void>;
}

/** How many times a failing job runs before it is logged as failed and dropped. */
const ATTEMPTS = 3;

type Queued = { name: JobName; payload: unknown; attempt: number };

/**
 * The in-process adapter (one process, SQLite's case): a FIFO run one job at a time, each started
 * from a fresh turn of the event loop so that it never runs inside the request that queued it.
 * Queued jobs live in memory: a process that stops mid-queue loses them (its `close` waits for them).
 */
export class InProcessJobs implements Jobs {
  private readonly handlers = new Map<JobName, (payload: unknown) => Promise<void>>();
  private readonly queue: Queued[] = [];
  private running = false;
  private closed = false;
  private waiters: Array<() => void> = [];

  constructor(private readonly log: Pick<FastifyBaseLogger, 'error' | 'warn'>) {}

  handle<N extends JobName>(name: N, handler: JobHandler<N>): void {
    this.handlers.set(name, handler as (payload: unknown) => Promise<void>);
  }

  enqueue<N extends JobName>(name: N, payload: JobMap[N]): void {
    if (this.closed) {
      this.log.warn({ job: name }, 'a job was queued after shutdown began and is dropped');
      return;
    }
    if (!this.handlers.has(name)) throw new Error(`no handler for job ${name}`);
    this.queue.push({ name, payload, attempt: 1 });
    this.schedule();
  }

  idle(): Promise<void> {
    if (!this.running && this.queue.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.idle();
  }

  private schedule(): void {
    if (this.running) return;
    this.running = true;
    setImmediate(() => void this.drain());
  }

  private async drain(): Promise<void> {
    for (let job = this.queue.shift(); job; job = this.queue.shift()) {
      try {
        await this.handlers.get(job.name)!(job.payload);
      } catch (error) {
        if (job.attempt < ATTEMPTS) this.queue.push({ ...job, attempt: job.attempt + 1 });
        else this.log.error({ err: safeError(error), job: job.name }, 'a background job failed');
      }
    }
    this.running = false;
    const waiters = this.waiters;
    this.waiters = [];
    waiters.forEach((resolve) => resolve());
  }
}
