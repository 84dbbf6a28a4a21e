import type { FastifyInstance } from 'fastify';
import { aiRoutes } from './ai/ai.routes.ts';
import { healthRoutes } from './health/health.routes.ts';
import { mediaRoutes } from './media/media.routes.ts';
import { subscribeTrees, treesRoutes } from './trees/index.ts';
import { accountsRoutes } from './accounts/index.ts';
import { communityRoutes } from './community/community.routes.ts';

/** Mounts every feature's routes under `/api`. One line per feature. */
export async function registerModules(app: FastifyInstance): Promise<void> {
  await app.register(healthRoutes, { prefix: '/api' });
  await app.register(mediaRoutes);
  await app.register(treesRoutes, { prefix: '/api' });
  await app.register(aiRoutes, { prefix: '/api' });
  await app.register(accountsRoutes, { prefix: '/api' });
  await app.register(communityRoutes, { prefix: '/api' });
  subscribeTrees(app.deps);
}
