import { describe, expect, it, vi } from 'vitest';
import { InProcessJobs } from './jobs.ts';

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
    jobs.enqueue('learning.auto_cards', payload);
    jobs.enqueue('learning.auto_cards', { ...payload, nodeIds: ['b'] });
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
    jobs.enqueue('learning.auto_cards', payload);
    await jobs.idle();
    expect(handler).toHaveBeenCalledTimes(3);
    expect(log.error).toHaveBeenCalledTimes(1);
    expect(JSON.stringify(log.error.mock.calls[0])).not.toContain('secret.ts');
  });

  it('waits for queued jobs on close and refuses new ones after it', async () => {
    const log = quietLog();
    const jobs = new InProcessJobs(log);
    const handler = vi.fn(async () => undefined);
    jobs.handle('learning.auto_cards', handler);
    jobs.enqueue('learning.auto_cards', payload);
    await jobs.close();
    expect(handler).toHaveBeenCalledTimes(1);
    jobs.enqueue('learning.auto_cards', payload);
    await jobs.idle();
    expect(handler).toHaveBeenCalledTimes(1);
    expect(log.warn).toHaveBeenCalledTimes(1);
  });
});
