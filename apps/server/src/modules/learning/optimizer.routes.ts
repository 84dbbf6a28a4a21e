import { OptimizeAnswer } from '@arbor/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../plugins/auth.ts';
import { requestOptimization } from './optimizer.service.ts';

const tags = ['learning'];

/** Personal FSRS parameters (API.md "Memory on the tree"); inside `learningRoutes` (signed in). */
export const optimizerRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  app.post('/learn/memory/optimize/', { schema: { tags, response: { 202: OptimizeAnswer } } }, async (request, reply) =>
    reply.code(202).send(await requestOptimization(deps, currentUser(request))),
  );
};
