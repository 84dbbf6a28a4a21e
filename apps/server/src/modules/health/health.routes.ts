import { HealthResponse } from '@arbor/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pingDatabase } from './health.repository.ts';

const PING_TIMEOUT_MS = 2000;

/** `GET /api/health/`: 200 when the database answers, 503 (quickly) when it does not. */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health/',
    { schema: { tags: ['health'], security: [], response: { 200: HealthResponse, 503: HealthResponse } } },
    async (request, reply) => {
      try {
        let timer: NodeJS.Timeout | undefined;
        const timeout = new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error('database ping timed out')), PING_TIMEOUT_MS);
        });
        await Promise.race([pingDatabase(app.deps.db), timeout]).finally(() => clearTimeout(timer));
        return { status: 'ok' as const, db: 'ok' as const };
      } catch (error) {
        request.log.warn({ reason: (error as Error).message.split('\n')[0] }, 'health check: database unreachable');
        return reply.code(503).send({ status: 'error' as const, db: 'error' as const });
      }
    },
  );
};
