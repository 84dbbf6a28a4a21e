import {
  GenerateCardsBody,
  GeneratedCards,
  GeneratedQuiz,
  GenerateQuizBody,
  QuizParam,
  QuizResult,
  QuizSubmitBody,
} from '@arbor/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../plugins/auth.ts';
import { generateCards, generateQuiz, submitQuiz } from './quizzes.service.ts';

const tags = ['learning'];

/**
 * AI-drafted cards and quizzes on a node of a subject, and quiz submits (API.md "Recall"). Declared
 * here, not in the AI module: they read learning's subjects; the AI module only generates. Mounted
 * inside `learningRoutes`, so every route needs a signed-in caller.
 */
export const recallAiRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  app.post(
    '/llm/ai-content/generate_cards/',
    { schema: { tags: [...tags, 'ai'], body: GenerateCardsBody, response: { 200: GeneratedCards } } },
    (request) => generateCards(deps, currentUser(request), request.body),
  );
  app.post(
    '/llm/ai-content/generate_quiz/',
    { schema: { tags: [...tags, 'ai'], body: GenerateQuizBody, response: { 201: GeneratedQuiz } } },
    async (request, reply) => reply.code(201).send(await generateQuiz(deps, currentUser(request), request.body)),
  );
  app.post(
    '/learn/quizzes/:uuid/submit/',
    { schema: { tags, params: QuizParam, body: QuizSubmitBody, response: { 200: QuizResult } } },
    (request) => submitQuiz(deps, currentUser(request), request.params.uuid, request.body.answers),
  );
};
