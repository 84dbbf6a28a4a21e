import type { FastifyInstance } from 'fastify';
import { withAdvisoryLock } from './db/advisory-lock.ts';
import { seedDefaultPrompts } from './modules/ai/index.ts';
import { bootstrapAdmin } from './modules/accounts/index.ts';
import { seedCommunity } from './modules/shares/index.ts';

/** Key of the PostgreSQL advisory lock that serialises start-up steps between app processes. */
const STARTUP_LOCK_ID = 0x4172626f72; // "Arbor"

/**
 * One-off work after migrations and before listening: each feature adds its step here
 * (admin bootstrap, default prompts, sample templates). Every step must be idempotent.
 * On PostgreSQL several processes may start at once on one database (scale-out): the steps run
 * under an advisory lock, so each process sees what the previous one did instead of racing it
 * (two admin inserts, two sets of sample templates).
 */
export async function runStartupTasks(app: FastifyInstance): Promise<void> {
  const steps: Array<[string, (app: FastifyInstance) => Promise<void>]> = [
    ['admin bootstrap', (app) => bootstrapAdmin(app.deps)],
    ['default AI prompts', (app) => seedDefaultPrompts(app.deps)],
    ['sample community templates', (app) => seedCommunity(app.deps)],
  ];
  const runSteps = async () => {
    for (const [name, step] of steps) {
      await step(app);
      app.log.debug({ step: name }, 'startup step done');
    }
  };
  if (app.dialect !== 'postgres') return runSteps();
  return withAdvisoryLock(app.db, STARTUP_LOCK_ID, runSteps);
}

/**
 * Starts this process's job workers. On PostgreSQL under the same lock: pg-boss's own set-up (its
 * schema, its queues) deadlocks when two processes run it at the same moment.
 */
export async function startJobs(app: FastifyInstance): Promise<void> {
  if (app.dialect !== 'postgres') return app.deps.jobs.start();
  return withAdvisoryLock(app.db, STARTUP_LOCK_ID, () => app.deps.jobs.start());
}
