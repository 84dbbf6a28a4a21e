import type { FastifyInstance } from 'fastify';
import { seedDefaultPrompts } from './modules/ai/prompts.service.ts';
import { bootstrapAdmin } from './modules/auth/admin-accounts.ts';
import { seedCommunity } from './modules/community/community.seed.ts';

/**
 * One-off work after migrations and before listening: each feature adds its step here
 * (admin bootstrap, default prompts, sample templates). Every step must be idempotent.
 */
export async function runStartupTasks(app: FastifyInstance): Promise<void> {
  const steps: Array<[string, (app: FastifyInstance) => Promise<void>]> = [
    ['admin bootstrap', bootstrapAdmin],
    ['default AI prompts', seedDefaultPrompts],
    ['sample community templates', seedCommunity],
  ];
  for (const [name, step] of steps) {
    await step(app);
    app.log.debug({ step: name }, 'startup step done');
  }
}
