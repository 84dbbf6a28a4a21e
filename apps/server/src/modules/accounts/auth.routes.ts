import {
  AutoSignInAnswer,
  CodeOnlyBody,
  Detail,
  EmptyObject,
  LoginAnswer,
  LogoutBody,
  Me,
  PasswordResetBody,
  PhonePasswordLoginBody,
  SesCodeLoginBody,
  SesSignupBody,
  SmsCodeLoginBody,
  SmsSignupBody,
  TokenObtainBody,
  TokenPair,
  TokenRefreshBody,
  TokenVerifyBody,
  type Locale,
} from '@arbor/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../plugins/auth.ts';
import { tokenNotValid } from '../../lib/http-errors.ts';
import { localeFromAcceptLanguage } from '../../lib/messages/locale.ts';
import { captchaKey, consumeCaptcha } from './captcha.service.ts';
import type { CodeChannel } from './codes.service.ts';
import {
  autoSignIn,
  bindAddress,
  cancelAddress,
  codeLogin,
  loginAnswer,
  passwordLogin,
  presentSelf,
  resetPassword,
  signup,
} from './accounts.service.ts';
import { isTokenValid, issueTokenPair, logout, rotateRefreshToken } from './tokens.service.ts';

const publicRoute = { tags: ['auth'], security: [] };
const privateRoute = { tags: ['auth'] };

/** `/api/token/…` (SimpleJWT-compatible) and `/api/auth/…` (signup, code logins, bind, reset, logout). */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const key = captchaKey(app.config.secretKey);

  app.post(
    '/token/',
    { schema: { ...publicRoute, body: TokenObtainBody, response: { 200: TokenPair } } },
    async (request) => {
      const user = await passwordLogin(deps, request.body.username, request.body.password, request.ip);
      return issueTokenPair(deps, user.id);
    },
  );
  app.post(
    '/token/refresh/',
    { schema: { ...publicRoute, body: TokenRefreshBody, response: { 200: TokenPair } } },
    async (request) => rotateRefreshToken(deps, request.body.refresh),
  );
  app.post(
    '/token/verify/',
    { schema: { ...publicRoute, body: TokenVerifyBody, response: { 200: EmptyObject } } },
    async (request) => {
      if (!(await isTokenValid(deps, request.body.token))) throw tokenNotValid('Token is invalid or expired');
      return {};
    },
  );
  app.post(
    '/auth/logout/',
    {
      schema: { ...privateRoute, body: LogoutBody, response: { 200: EmptyObject } },
      preHandler: app.requireAuth,
      config: { endsPageSession: true },
    },
    async (request) => {
      await logout(deps, request.body.refresh, currentUser(request).id);
      return {};
    },
  );

  app.post(
    '/auth/phone-password/login/',
    { schema: { ...publicRoute, body: PhonePasswordLoginBody, response: { 200: LoginAnswer } } },
    async (request) => {
      const user = await passwordLogin(deps, request.body.phone, request.body.password, request.ip);
      return loginAnswer(deps, user);
    },
  );

  app.post(
    '/auth/password/reset/',
    { schema: { ...publicRoute, body: PasswordResetBody, response: { 200: Detail } } },
    async (request) => {
      const { email, phone, code, new_password } = request.body;
      await resetPassword(deps, { email, phone, code, newPassword: new_password });
      return { detail: 'Password has been reset with the new password.' };
    },
  );

  // The same five calls for email ("ses") and phone ("sms").
  const channels = [
    {
      prefix: 'ses',
      channel: 'email' as CodeChannel,
      signupBody: SesSignupBody,
      codeBody: SesCodeLoginBody,
      bind: 'bind_email',
      cancel: 'cancel_email',
    },
    {
      prefix: 'sms',
      channel: 'sms' as CodeChannel,
      signupBody: SmsSignupBody,
      codeBody: SmsCodeLoginBody,
      bind: 'bind_phone',
      cancel: 'cancel_phone',
    },
  ] as const;
  for (const c of channels) {
    const addressOf = (body: { email?: string; phone?: string }) => (c.channel === 'email' ? body.email! : body.phone!);

    app.post(
      `/auth/${c.prefix}/signup/`,
      { schema: { ...publicRoute, body: c.signupBody, response: { 201: LoginAnswer } } },
      async (request, reply) => {
        const body = request.body as {
          email?: string;
          phone?: string;
          code: string;
          password: string;
          username?: string;
          altcha?: string;
          language?: Locale;
        };
        await consumeCaptcha(deps, key, body.altcha);
        // The language the person signs up in: the client's UI language, else its Accept-Language.
        const locale = body.language ?? localeFromAcceptLanguage(request.headers['accept-language']) ?? undefined;
        const user = await signup(
          deps,
          {
            channel: c.channel,
            address: addressOf(body),
            code: body.code,
            password: body.password,
            username: body.username,
            locale,
          },
          request.ip,
        );
        return reply.code(201).send(await loginAnswer(deps, user));
      },
    );

    app.post(
      `/auth/${c.prefix}/login/`,
      { schema: { ...publicRoute, body: c.codeBody, response: { 200: LoginAnswer } } },
      async (request) => {
        const body = request.body as { email?: string; phone?: string; code: string };
        return loginAnswer(deps, await codeLogin(deps, c.channel, addressOf(body), body.code));
      },
    );

    app.post(
      `/auth/${c.prefix}/auto_sign_in/`,
      { schema: { ...publicRoute, body: c.codeBody, response: { 200: AutoSignInAnswer } } },
      async (request) => {
        const body = request.body as { email?: string; phone?: string; code: string };
        const locale = localeFromAcceptLanguage(request.headers['accept-language']) ?? undefined;
        const { user, created } = await autoSignIn(deps, c.channel, addressOf(body), body.code, request.ip, locale);
        return { ...(await loginAnswer(deps, user)), created };
      },
    );

    app.post(
      `/auth/${c.prefix}/${c.bind}/`,
      { schema: { ...privateRoute, body: c.codeBody, response: { 200: Me } }, preHandler: app.requireAuth },
      async (request) => {
        const body = request.body as { email?: string; phone?: string; code: string };
        return presentSelf(
          deps,
          await bindAddress(deps, currentUser(request).id, c.channel, addressOf(body), body.code),
        );
      },
    );

    app.post(
      `/auth/${c.prefix}/${c.cancel}/`,
      { schema: { ...privateRoute, body: CodeOnlyBody, response: { 200: Me } }, preHandler: app.requireAuth },
      async (request) =>
        presentSelf(deps, await cancelAddress(deps, currentUser(request).id, c.channel, request.body.code)),
    );
  }
};
