import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { safeError } from '../safe-error.ts';

/**
 * Background work by name, with its payload. A payload is plain JSON (ids, not rows or documents),
 * so that a queue kept in the database (the pg-boss adapter) carries it unchanged. A module declares
 * its jobs by augmenting this interface (`declare module '…/lib/jobs/jobs.ts'`) next to its handler.
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

/** Where a job is: waiting (or waiting to be retried), running, done, or failed for good. */
export type JobState = 'queued' | 'running' | 'completed' | 'failed';

export interface EnqueueOptions {
  /**
   * At most one job of this name and key waits (and one more may run), across every process that
   * shares the queue: queueing it again while one waits answers null and queues nothing.
   */
  singletonKey?: string;
  /** runs no earlier than this many milliseconds from now (a scheduled job) */
  delayMs?: number;
}

/**
 * Long work handed off by a request: the request answers once its own bounded part is committed,
 * and the job runs after it. Handlers are registered by the module that owns the work; `enqueue`
 * is called after the commit that made the work due. A handler must be safe to run again (a job
 * that fails is retried, then marked failed and logged without its stack), and should commit in
 * short transactions so that other requests get the database between them.
 */
export interface Jobs {
  handle<N extends JobName>(name: N, handler: JobHandler<N>): void;
  /**
   * Queues a job; answers its id, or null when a singleton of that key already waits or the job could
   * not be queued (logged). Never rejects, so a caller may leave it unawaited after its commit.
   */
  enqueue<N extends JobName>(name: N, payload: JobMap[N], options?: EnqueueOptions): Promise<string | null>;
  /** Where a job queued by `enqueue` is; null once it is forgotten (or never was). */
  status(name: JobName, id: string): Promise<JobState | null>;
  /** Starts taking jobs (the PostgreSQL adapter's workers); queueing starts it too. Idempotent. */
  start(): Promise<void>;
  /** Resolves once nothing this process queued waits or runs (tests, shutdown). */
  idle(): Promise<void>;
  /** Refuses new jobs, waits for the running ones, and stops every timer and connection. */
  close(): Promise<void>;
}

export type JobsLog = Pick<FastifyBaseLogger, 'error' | 'warn'>;

/** How many times a failing job runs before it is marked failed and logged (both adapters). */
export const JOB_ATTEMPTS = 3;

/** How many finished jobs' states the in-process adapter remembers for `status`. */
const REMEMBERED = 1000;

type Queued = { id: string; name: JobName; payload: unknown; attempt: number; key: string | null };

/** Logs a job that failed for good: its name and the error's kind and first line, never a stack. */
export function logFailedJob(log: JobsLog, name: string, error: unknown): void {
  log.error({ err: safeError(error), job: name }, 'a background job failed');
}

/**
 * The in-process adapter (one process, SQLite's case): a FIFO run one job at a time, each started
 * from a fresh turn of the event loop so that it never runs inside the request that queued it, and a
 * timer per delayed job. Queued jobs live in memory: a process that stops mid-queue loses them (its
 * `close` waits for the queued ones and drops the delayed ones).
 */
export class InProcessJobs implements Jobs {
  private readonly handlers = new Map<JobName, (payload: unknown) => Promise<void>>();
  private readonly queue: Queued[] = [];
  private readonly states = new Map<string, JobState>();
  /** `name:key` of singleton jobs that wait */
  private readonly singletons = new Set<string>();
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private running = false;
  private closed = false;
  private waiters: Array<() => void> = [];

  constructor(private readonly log: JobsLog) {}

  handle<N extends JobName>(name: N, handler: JobHandler<N>): void {
    this.handlers.set(name, handler as (payload: unknown) => Promise<void>);
  }

  enqueue<N extends JobName>(name: N, payload: JobMap[N], options: EnqueueOptions = {}): Promise<string | null> {
    if (this.closed) {
      this.log.warn({ job: name }, 'a job was queued after shutdown began and is dropped');
      return Promise.resolve(null);
    }
    if (!this.handlers.has(name)) throw new Error(`no handler for job ${name}`);
    const key = options.singletonKey === undefined ? null : `${name}:${options.singletonKey}`;
    if (key !== null) {
      if (this.singletons.has(key)) return Promise.resolve(null);
      this.singletons.add(key);
    }
    const job: Queued = { id: randomUUID(), name, payload, attempt: 1, key };
    this.remember(job.id, 'queued');
    if (options.delayMs && options.delayMs > 0) {
      const timer = setTimeout(() => {
        this.timers.delete(job.id);
        this.push(job);
      }, options.delayMs);
      timer.unref();
      this.timers.set(job.id, timer);
    } else {
      this.push(job);
    }
    return Promise.resolve(job.id);
  }

  status(_name: JobName, id: string): Promise<JobState | null> {
    return Promise.resolve(this.states.get(id) ?? null);
  }

  start(): Promise<void> {
    return Promise.resolve();
  }

  idle(): Promise<void> {
    if (!this.running && this.queue.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    await this.idle();
  }

  private push(job: Queued): void {
    this.queue.push(job);
    if (this.running) return;
    this.running = true;
    setImmediate(() => void this.drain());
  }

  private remember(id: string, state: JobState): void {
    this.states.delete(id);
    this.states.set(id, state);
    if (this.states.size > REMEMBERED) this.states.delete(this.states.keys().next().value!);
  }

  private async drain(): Promise<void> {
    for (let job = this.queue.shift(); job; job = this.queue.shift()) {
      this.remember(job.id, 'running');
      if (job.key !== null) this.singletons.delete(job.key);
      try {
        await this.handlers.get(job.name)!(job.payload);
        this.remember(job.id, 'completed');
      } catch (error) {
        if (job.attempt < JOB_ATTEMPTS) {
          this.remember(job.id, 'queued');
          this.queue.push({ ...job, attempt: job.attempt + 1, key: null });
        } else {
          this.remember(job.id, 'failed');
          logFailedJob(this.log, job.name, error);
        }
      }
    }
    this.running = false;
    const waiters = this.waiters;
    this.waiters = [];
    waiters.forEach((resolve) => resolve());
  }
}
