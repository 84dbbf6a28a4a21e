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
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { safeError } from '../../plugins/errors.ts';
import { AppError, invalidField } from '../../lib/http-errors.ts';
import { codeMessage, localeFromAcceptLanguage } from '../../lib/mail/code-messages.ts';
import { createMailer } from '../../lib/mail/mailer.ts';
import { createSmsSender } from '../../lib/sms/sms-sender.ts';
import { findUserByEmail, findUserById, findUserByPhone, type UserRow } from '../auth/accounts.repository.ts';
import { captchaKey, consumeCaptcha } from '../captcha/captcha.service.ts';
import { CODE_TTL_S, RESEND_AFTER_S, issueCode, messageLocale, verifyCode, type CodeChannel } from './codes.service.ts';

const tags = ['codes'];
const LOGIN_PURPOSES = new Set(['bind_email', 'cancel_email', 'bind_phone', 'cancel_phone', 'message']);
/** Purposes whose answer must not reveal whether the address has an account. */
const SILENT_PURPOSES = new Set(['login', 'reset_password']);

/** `/api/ses/…` and `/api/sms/…`: send and check one-time codes. */
export const codesRoutes: FastifyPluginAsyncZod = async (app) => {
  const key = captchaKey(app.config.secretKey);
  const mailer = createMailer(app.config, app.log);
  const sms = createSmsSender(app.config, app.log);

  /** Which account the address belongs to decides whether the code is sent, refused or silently dropped. */
  async function decideDelivery(channel: CodeChannel, purpose: string, address: string, caller: UserRow | null) {
    const field = channel === 'email' ? 'email' : 'phone';
    const owner = channel === 'email' ? await findUserByEmail(app.db, address) : await findUserByPhone(app.db, address);
    switch (purpose) {
      case 'signup':
        if (owner) throw invalidField(field, channel === 'email' ? 'A user with that email already exists.' : 'A user with that phone number already exists.');
        return { deliver: true, recipient: null };
      case 'login':
      case 'reset_password':
      case 'auto_sign_in':
        // Unknown addresses get the same answer: whether an account exists is not revealed.
        return { deliver: purpose === 'auto_sign_in' ? !owner || Boolean(owner.is_active) : Boolean(owner?.is_active), recipient: owner ?? null };
      case 'bind_email':
      case 'bind_phone':
        if (owner) throw invalidField(field, channel === 'email' ? 'This email address is already in use.' : 'This phone number is already in use.');
        return { deliver: true, recipient: caller };
      default:
        // cancel_* and message: only to the caller's own address.
        if (!caller || owner?.id !== caller.id)
          throw invalidField(field, channel === 'email' ? 'This is not an email address of your account.' : 'This is not a phone number of your account.');
        return { deliver: true, recipient: caller };
    }
  }

  async function send(channel: CodeChannel, purpose: string, address: string, altcha: string | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (LOGIN_PURPOSES.has(purpose)) await app.requireAuth(request, reply);
    await consumeCaptcha(app.db, key, altcha);
    const caller = request.user ? ((await findUserById(app.db, request.user.id)) ?? null) : null;
    const { deliver, recipient } = await decideDelivery(channel, purpose, address, caller);
    const code = await issueCode(app.db, app.config.secretKey, {
      channel,
      address,
      purpose,
      ip: request.ip,
      ipLimitPerHour: app.config.limits.codeSendsPerIpHour,
      deliver,
    });
    if (code) {
      const profile = recipient
        ? await app.db.selectFrom('profiles').select('locale').where('user_id', '=', recipient.id).executeTakeFirst()
        : undefined;
      const locale = messageLocale(profile?.locale, localeFromAcceptLanguage(request.headers['accept-language']));
      const message = codeMessage(locale, purpose, code, CODE_TTL_S / 60);
      const delivery = channel === 'email' ? mailer.send({ to: address, purpose, ...message }) : sms.send({ to: address, purpose, text: message.text });
      if (SILENT_PURPOSES.has(purpose)) {
        // Waiting for the mail server here would make known addresses answer slower than unknown ones.
        delivery.catch((error: unknown) => request.log.error({ err: safeError(error), channel }, 'code delivery failed'));
      } else {
        try {
          await delivery;
        } catch (error) {
          request.log.error({ err: safeError(error), channel }, 'code delivery failed');
          throw new AppError(502, 'upstream_error', 'The message could not be delivered. Try again later.');
        }
      }
    }
    return { detail: channel === 'email' ? 'A code has been sent to the email address.' : 'A code has been sent to the phone.', expires_in: CODE_TTL_S, resend_after: RESEND_AFTER_S };
  }

  app.post(
    '/ses/send/:purpose/',
    { schema: { tags, security: [], params: z.object({ purpose: EmailPurpose }), body: SesSendBody, response: { 200: CodeSent } } },
    async (request, reply) => send('email', request.params.purpose, request.body.email, request.body.altcha, request, reply),
  );
  app.post(
    '/sms/send/:purpose/',
    { schema: { tags, security: [], params: z.object({ purpose: PhonePurpose }), body: SmsSendBody, response: { 200: CodeSent } } },
    async (request, reply) => send('sms', request.params.purpose, request.body.phone, request.body.altcha, request, reply),
  );

  app.post('/ses/check_code/', { schema: { tags, security: [], body: SesCheckCodeBody, response: { 200: CodeValid } } }, async (request) => {
    const { email, code, purpose } = request.body;
    await verifyCode(app.db, app.config.secretKey, { channel: 'email', address: email, purpose, code, consume: false });
    return { valid: true };
  });
  app.post('/sms/check_code/', { schema: { tags, security: [], body: SmsCheckCodeBody, response: { 200: CodeValid } } }, async (request) => {
    const { phone, code, purpose } = request.body;
    await verifyCode(app.db, app.config.secretKey, { channel: 'sms', address: phone, purpose, code, consume: false });
    return { valid: true };
  });
};
