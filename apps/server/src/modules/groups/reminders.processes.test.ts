import type { Group, Notification } from '@arbor/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { openDatabase } from '../../db/connection.ts';
import { callerOf, type Caller } from '../../testing/call.ts';
import { createTestApp, createUser, type TestApp, type TestUser } from '../../testing/test-app.ts';
import { testClock, type TestClock } from '../../testing/test-clock.ts';
import { TEST_DB_KIND } from '../../testing/test-database.ts';
import { readOutbox } from '../accounts/testing.ts';
import { createTree } from '../trees/testing.ts';
import { queueDailyReminders, runReminders } from './reminders.service.ts';

/**
 * Reminders with two server processes on one PostgreSQL (API.md "Groups": a background job that runs
 * exactly once per day across every server process): both queue the day's job through pg-boss and
 * both run it at once besides; every member not complete still hears exactly once.
 */
const NOW = '2026-05-04T09:00:00.000Z';
const DAY = 86_400_000;

let t: TestApp;
let call: Caller;
let clock: TestClock;

beforeAll(async () => {
  clock = testClock(NOW);
  t = await createTestApp({}, { clock, jobs: { retryDelaySeconds: 0, pollingIntervalSeconds: 0.5 } });
  call = callerOf(t.app);
});
afterAll(async () => {
  await t.close();
});

describe.runIf(TEST_DB_KIND === 'postgres')('reminders across processes', () => {
  it('sends each member not complete exactly one assignment_due and one e-mail with two processes', async () => {
    const handle = openDatabase(t.database.url);
    const secondClock = testClock(NOW);
    const second = await buildApp(t.config, {
      database: handle,
      migrate: false,
      clock: secondClock,
      jobs: { retryDelaySeconds: 0, pollingIntervalSeconds: 0.5 },
    });
    await second.ready();
    try {
      // Both at once, as two servers started together (queue creation retries a broken deadlock).
      await Promise.all([t.app.deps.jobs.start(), second.deps.jobs.start()]);
      const owner = await createUser(t.app, { email: 'owner@two.test' });
      const members: TestUser[] = [];
      for (let i = 0; i < 4; i++) members.push(await createUser(t.app, { email: `m${i}@two.test`, locale: 'zh-CN' }));
      const group = (await call(owner, 'POST', '/api/groups/', { name: 'Team', kind: 'team' })).json() as Group;
      for (const m of members) {
        expect(
          (await call(m, 'POST', '/api/groups/join/', { code: group.join_code, share_progress: true })).statusCode,
        ).toBe(201);
      }
      const tree = (await createTree(t.app, owner, {
        visibility: 'public',
        data: {
          nodes: [
            { id: 'r', parent_id: null, title: 'R' },
            { id: 'x', parent_id: 'r', title: 'X' },
          ],
          links: [],
        },
      })) as { uuid: string };
      const assigned = await call(owner, 'POST', `/api/groups/${group.uuid}/assignments/`, {
        tree: tree.uuid,
        due_date: '2026-05-05',
      });
      expect(assigned.statusCode).toBe(201);
      // One member is complete: they hear nothing.
      await call(members[0]!, 'PUT', '/api/learn/progress/', { tree: tree.uuid, node_id: 'x', status: 'done' });
      await Promise.all([t.app.deps.jobs.idle(), second.deps.jobs.idle()]);
      const mailsBefore = readOutbox(t.database.dataDir).length;

      const overdue = Date.parse(NOW) + 2 * DAY;
      clock.set(overdue);
      secondClock.set(overdue);
      await Promise.all([
        queueDailyReminders(t.app.deps),
        queueDailyReminders(second.deps),
        runReminders(t.app.deps),
        runReminders(second.deps),
      ]);
      await Promise.all([t.app.deps.jobs.idle(), second.deps.jobs.idle()]);
      // pg-boss may hand the queued job to either process: wait until no reminders job is left.
      await waitForNoPendingJobs();
      await Promise.all([t.app.deps.jobs.idle(), second.deps.jobs.idle()]);

      for (const [i, m] of members.entries()) {
        const notes = (
          (await call(m, 'GET', '/api/notifications/')).json() as { results: Notification[] }
        ).results.filter((n) => n.kind === 'assignment_due');
        expect({ member: i, count: notes.length }).toEqual({ member: i, count: i === 0 ? 0 : 1 });
      }
      const mails = readOutbox(t.database.dataDir)
        .slice(mailsBefore)
        .filter((m) => m.purpose === 'notification:assignment_due');
      expect(mails.map((m) => m.to).sort()).toEqual(['m1@two.test', 'm2@two.test', 'm3@two.test']);
    } finally {
      await second.close();
      await handle.close();
    }
  });
});

/** Waits (on the database, not a timer) until pg-boss holds no unfinished job of this app's kinds. */
async function waitForNoPendingJobs(): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const { rows } = await import('kysely').then(({ sql }) =>
      sql<{ n: number }>`SELECT count(*)::int AS n FROM pgboss.job
        WHERE name IN ('groups.reminders', 'notifications.email') AND state IN ('created', 'retry', 'active')`.execute(
        t.app.db,
      ),
    );
    if (rows[0]!.n === 0) return;
    await new Promise((resolve) => setImmediate(resolve));
    await t.app.deps.jobs.idle();
  }
  throw new Error('reminders jobs still pending');
}
