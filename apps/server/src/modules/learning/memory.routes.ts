import { Memory, MemoryQuery, Workload, WorkloadQuery } from '@arbor/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendTrustedJson } from '../../lib/trusted-json.ts';
import { currentUser } from '../../plugins/auth.ts';
import { getMemory, getWorkload } from './memory.service.ts';

const tags = ['learning'];

/**
 * `/api/learn/memory/…`: retention on the tree and the workload forecast (API.md "Memory on the tree"),
 * private to the learner. Registered by `learningRoutes`, whose `onRequest: requireAuth` covers them.
 */
export const memoryRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  // Written as JSON text from typed rows: up to 5,000 nodes are not re-checked against the schema (lib/trusted-json.ts).
  app.get(
    '/learn/memory/',
    { schema: { tags, querystring: MemoryQuery, response: { 200: Memory } } },
    async (request, reply) => sendTrustedJson(reply, await getMemory(deps, currentUser(request), request.query)),
  );
  app.get(
    '/learn/memory/workload/',
    { schema: { tags, querystring: WorkloadQuery, response: { 200: Workload } } },
    (request) => getWorkload(deps, currentUser(request), request.query),
  );
};
