import type { FastifyInstance } from 'fastify';
import { healthRoutes } from './health/health.routes.ts';
import { mediaRoutes } from './media/media.routes.ts';

/** Mounts every feature's routes under `/api`. One line per feature. */
export async function registerModules(app: FastifyInstance): Promise<void> {
  await app.register(healthRoutes, { prefix: '/api' });
  await app.register(mediaRoutes);
}
