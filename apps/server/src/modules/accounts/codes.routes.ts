import {
  CodeSent,
  CodeValid,
  EmailPurpose,
  PhonePurpose,
  SesCheckCodeBody,
  SesSendBody,
  SmsCheckCodeBody,
  SmsSendBody,
} from '@arbor/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createCodeSender, purposeNeedsLogin } from './code-sending.service.ts';
import { verifyCode, type CodeChannel } from './codes.service.ts';

const tags = ['codes'];

/** `/api/ses/…` and `/api/sms/…`: send and check one-time codes. */
export const codesRoutes: FastifyPluginAsyncZod = async (app) => {
  const sender = createCodeSender(app.deps);
  const send = async (
    channel: CodeChannel,
    purpose: string,
    address: string,
    altcha: string | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ) => {
    if (purposeNeedsLogin(purpose)) await app.requireAuth(request, reply);
    return sender(
      {
        channel,
        purpose,
        address,
        altcha,
        callerId: request.user?.id ?? null,
        ip: request.ip,
        acceptLanguage: request.headers['accept-language'],
      },
      request.log,
    );
  };

  app.post(
    '/ses/send/:purpose/',
    {
      schema: {
        tags,
        security: [],
        params: z.object({ purpose: EmailPurpose }),
        body: SesSendBody,
        response: { 200: CodeSent },
      },
    },
    async (request, reply) =>
      send('email', request.params.purpose, request.body.email, request.body.altcha, request, reply),
  );
  app.post(
    '/sms/send/:purpose/',
    {
      schema: {
        tags,
        security: [],
        params: z.object({ purpose: PhonePurpose }),
        body: SmsSendBody,
        response: { 200: CodeSent },
      },
    },
    async (request, reply) =>
      send('sms', request.params.purpose, request.body.phone, request.body.altcha, request, reply),
  );

  app.post(
    '/ses/check_code/',
    { schema: { tags, security: [], body: SesCheckCodeBody, response: { 200: CodeValid } } },
    async (request) => {
      const { email, code, purpose } = request.body;
      await verifyCode(app.deps, { channel: 'email', address: email, purpose, code, consume: false });
      return { valid: true };
    },
  );
  app.post(
    '/sms/check_code/',
    { schema: { tags, security: [], body: SmsCheckCodeBody, response: { 200: CodeValid } } },
    async (request) => {
      const { phone, code, purpose } = request.body;
      await verifyCode(app.deps, { channel: 'sms', address: phone, purpose, code, consume: false });
      return { valid: true };
    },
  );
};
