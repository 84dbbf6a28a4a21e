import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase, TEST_DB_KIND, type TestDatabase } from '../../testing/test-database.ts';
import { InProcessJobs, type Jobs } from './jobs.ts';
import { PgBossJobs } from './pg-boss-jobs.ts';

const payload = { userId: 1, role: 'user' as const, kind: 'tree' as const, subjectId: 2, nodeIds: ['a'] };
const quietLog = () => ({ error: vi.fn(), warn: vi.fn() });

describe('in-process jobs', () => {
  it('runs a job after the turn that queued it, one at a time, in order', async () => {
    const jobs = new InProcessJobs(quietLog());
    const seen: string[] = [];
    jobs.handle('learning.auto_cards', async (job) => {
      seen.push(`start ${job.nodeIds[0]}`);
      await Promise.resolve();
      seen.push(`end ${job.nodeIds[0]}`);
    });
    void jobs.enqueue('learning.auto_cards', payload);
    void jobs.enqueue('learning.auto_cards', { ...payload, nodeIds: ['b'] });
    expect(seen).toEqual([]);
    await jobs.idle();
    expect(seen).toEqual(['start a', 'end a', 'start b', 'end b']);
  });

  it('retries a failing job, then logs it as failed without its stack', async () => {
    const log = quietLog();
    const jobs = new InProcessJobs(log);
    const handler = vi.fn(async () => {
      throw new Error('database is locked\n    at secret.ts:1');
    });
    jobs.handle('learning.auto_cards', handler);
    const id = await jobs.enqueue('learning.auto_cards', payload);
    await jobs.idle();
    expect(handler).toHaveBeenCalledTimes(3);
    expect(log.error).toHaveBeenCalledTimes(1);
    expect(JSON.stringify(log.error.mock.calls[0])).not.toContain('secret.ts');
    expect(await jobs.status('learning.auto_cards', id!)).toBe('failed');
  });

  it('waits for queued jobs on close and refuses new ones after it', async () => {
    const log = quietLog();
    const jobs = new InProcessJobs(log);
    const handler = vi.fn(async () => undefined);
    jobs.handle('learning.auto_cards', handler);
    void jobs.enqueue('learning.auto_cards', payload);
    await jobs.close();
    expect(handler).toHaveBeenCalledTimes(1);
    expect(await jobs.enqueue('learning.auto_cards', payload)).toBeNull();
    await jobs.idle();
    expect(handler).toHaveBeenCalledTimes(1);
    expect(log.warn).toHaveBeenCalledTimes(1);
  });

  it('runs a delayed job when its time comes, and drops it on close before then', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const jobs = new InProcessJobs(quietLog());
      const handler = vi.fn(async () => undefined);
      jobs.handle('learning.auto_cards', handler);
      const id = await jobs.enqueue('learning.auto_cards', payload, { delayMs: 60_000 });
      await jobs.enqueue('learning.auto_cards', payload, { delayMs: 120_000 });
      await vi.advanceTimersByTimeAsync(60_000);
      await jobs.idle();
      expect(handler).toHaveBeenCalledTimes(1);
      expect(await jobs.status('learning.auto_cards', id!)).toBe('completed');
      await jobs.close();
      await vi.advanceTimersByTimeAsync(120_000);
      expect(handler).toHaveBeenCalledTimes(1);
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });
});

/** What both adapters promise, run against each (pg-boss only on PostgreSQL). */
function sharedBehaviour(make: (log: ReturnType<typeof quietLog>) => Jobs) {
  it('queues a singleton key once while one waits (one more may run)', async () => {
    const jobs = make(quietLog());
    let release = () => {};
    let started = () => {};
    const running = new Promise<void>((resolve) => (started = resolve));
    const seen: string[] = [];
    jobs.handle('learning.auto_cards', async (job) => {
      seen.push(job.nodeIds[0]!);
      if (job.nodeIds[0] === 'one') {
        started();
        await new Promise<void>((resolve) => (release = resolve));
      }
    });
    try {
      const first = await jobs.enqueue('learning.auto_cards', { ...payload, nodeIds: ['one'] }, { singletonKey: 'u1' });
      await running;
      expect(await jobs.status('learning.auto_cards', first!)).toBe('running');
      const second = await jobs.enqueue(
        'learning.auto_cards',
        { ...payload, nodeIds: ['two'] },
        { singletonKey: 'u1' },
      );
      const third = await jobs.enqueue(
        'learning.auto_cards',
        { ...payload, nodeIds: ['three'] },
        { singletonKey: 'u1' },
      );
      expect(second).not.toBeNull();
      expect(third).toBeNull();
      release();
      await jobs.idle();
      expect(seen).toEqual(['one', 'two']);
      expect(await jobs.status('learning.auto_cards', second!)).toBe('completed');
    } finally {
      release();
      await jobs.close();
    }
  });

  it('marks a job that keeps failing as failed and logs it once, without its stack', async () => {
    const log = quietLog();
    const jobs = make(log);
    const handler = vi.fn(async () => {
      throw new Error('boom\n    at secret.ts:1');
    });
    jobs.handle('learning.auto_cards', handler);
    try {
      const id = await jobs.enqueue('learning.auto_cards', { ...payload, nodeIds: ['failing'] });
      await jobs.idle();
      expect(handler).toHaveBeenCalledTimes(3);
      expect(await jobs.status('learning.auto_cards', id!)).toBe('failed');
      expect(log.error).toHaveBeenCalledTimes(1);
      expect(JSON.stringify(log.error.mock.calls[0])).toContain('boom');
      expect(JSON.stringify([log.error.mock.calls, log.warn.mock.calls])).not.toContain('secret.ts');
    } finally {
      await jobs.close();
    }
  });
}

describe('in-process jobs (shared behaviour)', () => {
  sharedBehaviour((log) => new InProcessJobs(log));
});

describe.runIf(TEST_DB_KIND === 'postgres')('pg-boss jobs', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => database.destroy());

  sharedBehaviour(
    (log) => new PgBossJobs(log, { connectionString: database.url, retryDelaySeconds: 0, pollingIntervalSeconds: 0.5 }),
  );

  it('runs a job queued by one process once, with workers in two processes', async () => {
    const make = () => new PgBossJobs(quietLog(), { connectionString: database.url, pollingIntervalSeconds: 0.5 });
    const [a, b] = [make(), make()];
    const ran: string[] = [];
    a.handle('learning.auto_cards', async (job) => void ran.push(`a ${job.nodeIds[0]}`));
    b.handle('learning.auto_cards', async (job) => void ran.push(`b ${job.nodeIds[0]}`));
    try {
      await Promise.all([a.start(), b.start()]);
      await Promise.all(
        ['x', 'y', 'z'].map((node) => b.enqueue('learning.auto_cards', { ...payload, nodeIds: [node] })),
      );
      await Promise.all([a.idle(), b.idle()]);
      expect(ran.map((entry) => entry.slice(2)).sort()).toEqual(['x', 'y', 'z']);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
});
