import {
  TutorAnswer,
  TutorAskBody,
  TutorConversation,
  TutorConversationParam,
  TutorConversationQuery,
  TutorConversationSummary,
} from '@arbor/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messageLocale } from '../../lib/messages/index.ts';
import { currentUser } from '../../plugins/auth.ts';
import { disconnectSignal, streamAnswer, wantsEventStream } from '../ai/index.ts';
import * as tutor from './tutor.service.ts';

const tags = ['tutor', 'ai'];

/** `/api/llm/tutor/…` (API.md "Tutor"): everything here is the caller's own. */
export const tutorRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  app.post(
    '/llm/tutor/',
    { onRequest: app.requireAuth, schema: { tags, body: TutorAskBody, response: { 200: TutorAnswer } } },
    async (request, reply) => {
      const language = request.body.language ?? messageLocale(request.headers['accept-language']);
      // Every refusal (400, 404, 429, 503) is a plain JSON error, decided before a stream opens.
      const turn = await tutor.prepareTutorTurn(deps, currentUser(request), request.body, language);
      if (!wantsEventStream(request, undefined))
        return tutor.runTutorTurn(deps, turn, { signal: disconnectSignal(reply) });
      return streamAnswer(request, reply, (stream) =>
        tutor.runTutorTurn(deps, turn, { signal: stream.signal, onDelta: stream.delta }),
      );
    },
  );
  app.get(
    '/llm/tutor/conversations/',
    {
      onRequest: app.requireAuth,
      schema: { tags, querystring: TutorConversationQuery, response: { 200: z.array(TutorConversationSummary) } },
    },
    (request) => tutor.listConversations(deps, currentUser(request), request.query),
  );
  app.get(
    '/llm/tutor/conversations/:uuid/',
    {
      onRequest: app.requireAuth,
      schema: { tags, params: TutorConversationParam, response: { 200: TutorConversation } },
    },
    (request) => tutor.getConversation(deps, currentUser(request), request.params.uuid),
  );
  app.delete(
    '/llm/tutor/conversations/:uuid/',
    { onRequest: app.requireAuth, schema: { tags, params: TutorConversationParam } },
    async (request, reply) => {
      await tutor.deleteConversation(deps, currentUser(request), request.params.uuid);
      return reply.code(204).send();
    },
  );
};
