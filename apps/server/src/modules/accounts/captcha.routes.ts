import {
  CaptchaChallenge,
  CaptchaFieldsHashBody,
  CaptchaPayloadBody,
  CaptchaServerSignatureAnswer,
  CaptchaSolution,
  CaptchaSolveBody,
  CaptchaVerified,
} from '@arbor/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { invalid, notFound } from '../../lib/http-errors.ts';
import {
  CAPTCHA_MAX_NUMBER,
  captchaKey,
  checkServerSignature,
  fieldsHashMatches,
  isSolutionUsable,
  newChallenge,
  payloadParams,
  solveChallenge,
} from './captcha.service.ts';

const tags = ['captcha'];
const publicRoute = { tags, security: [] };

/** `/api/captcha/…`: ALTCHA proof-of-work challenges and the helper checks of the widget. */
export const captchaRoutes: FastifyPluginAsyncZod = async (app) => {
  const key = captchaKey(app.config.secretKey);

  app.get(
    '/captcha/challenge/',
    { schema: { ...publicRoute, response: { 200: CaptchaChallenge } } },
    async (_request, reply) => {
      void reply.header('cache-control', 'no-store');
      const challenge = await newChallenge(app.deps, key);
      return { ...challenge, maxnumber: challenge.maxnumber ?? CAPTCHA_MAX_NUMBER };
    },
  );

  app.post(
    '/captcha/verify/',
    { schema: { ...publicRoute, body: CaptchaPayloadBody, response: { 200: CaptchaVerified } } },
    async (request) => ({
      verified: await isSolutionUsable(app.deps, key, request.body.payload),
    }),
  );

  app.post(
    '/captcha/extract_params/',
    { schema: { ...publicRoute, body: CaptchaPayloadBody, response: { 200: z.record(z.string(), z.string()) } } },
    async (request) => {
      const params = payloadParams(request.body.payload);
      if (!params) throw invalid('The payload could not be read.', { payload: ['The payload could not be read.'] });
      return params;
    },
  );

  app.post(
    '/captcha/verify_fields_hash/',
    { schema: { ...publicRoute, body: CaptchaFieldsHashBody, response: { 200: CaptchaVerified } } },
    async (request) => {
      const { form_data, fields, fields_hash, algorithm } = request.body;
      return { verified: await fieldsHashMatches(form_data, fields, fields_hash, algorithm) };
    },
  );

  app.post(
    '/captcha/verify_server_signature/',
    { schema: { ...publicRoute, body: CaptchaPayloadBody, response: { 200: CaptchaServerSignatureAnswer } } },
    async (request) => checkServerSignature(key, request.body.payload),
  );

  app.post(
    '/captcha/solve_challenge/',
    { schema: { ...publicRoute, body: CaptchaSolveBody, response: { 200: CaptchaSolution } } },
    async (request) => {
      // Solving on the server defeats the captcha: it exists only for tests and development.
      if (!app.config.captchaDevSolver) throw notFound();
      const { challenge, salt, algorithm, max } = request.body;
      const solution = solveChallenge(challenge, salt, algorithm, Math.min(max ?? 1_000_000, 1_000_000));
      if (!solution) throw invalid('No solution found.');
      return solution;
    },
  );
};
