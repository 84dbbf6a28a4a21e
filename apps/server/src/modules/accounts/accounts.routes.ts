import type { FastifyPluginAsync } from 'fastify';
import { authRoutes } from './auth.routes.ts';
import { captchaRoutes } from './captcha.routes.ts';
import { codesRoutes } from './codes.routes.ts';
import { pageSessionHook } from './page-session.ts';
import { profileRoutes } from './profile.routes.ts';

/** Every route of the accounts module: captcha, one-time codes, auth and tokens, profile. */
export const accountsRoutes: FastifyPluginAsync = async (app) => {
  app.addHook('onSend', pageSessionHook(app.deps));
  await app.register(captchaRoutes);
  await app.register(codesRoutes);
  await app.register(authRoutes);
  await app.register(profileRoutes);
};
