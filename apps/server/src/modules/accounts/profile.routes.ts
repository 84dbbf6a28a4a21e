import multipart from '@fastify/multipart';
import {
  AddressPatchBody,
  AdminUserView,
  AvatarAnswer,
  Email,
  EmailAddress,
  EmailAddressCreateBody,
  EmailBind,
  Exists,
  HasPassword,
  IdParam,
  Me,
  OwnEmail,
  OwnPhone,
  PageQuery,
  Phone,
  PhoneBind,
  PhoneNumber,
  PhoneNumberCreateBody,
  Profile,
  ProfileWriteBody,
  SetFirstPasswordBody,
  UserDeleteBody,
  UserPatchBody,
  paginated,
} from '@arbor/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { invalid } from '../../lib/http-errors.ts';
import { paginate, pageWindow } from '../../lib/pagination.ts';
import { readMultipart } from '../../lib/multipart.ts';
import { currentUser } from '../../plugins/auth.ts';
import { setFirstPassword } from './accounts.service.ts';
import { presentAddress } from './addresses.presenter.ts';
import {
  addAddress,
  deleteAddress,
  EMAIL_KIND,
  listAddresses,
  makePrimary,
  ownAddress,
  PHONE_KIND,
  type AddressKind,
} from './addresses.service.ts';
import { maskEmail, maskPhone, presentProfile } from './profile.presenter.ts';
import {
  addressHasAccount,
  AVATAR_LIMITS,
  deleteAccount,
  listVisibleUsers,
  ownAccount,
  ownProfile,
  patchUser,
  presentAccount,
  presentAccountFor,
  replaceAvatar,
  resetProfile,
  saveOwnProfile,
  updateVisibleProfile,
  visibleProfile,
  visibleUser,
} from './profile.service.ts';

const tags = ['profile'];

/** `/api/profile/…`: the account, its profile, addresses and avatar. Every route needs a login. */
export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, { limits: { fileSize: AVATAR_LIMITS.maxBytes, files: 1, fields: 10, parts: 12 } });
  app.addHook('preHandler', app.requireAuth);
  const { deps } = app;
  const baseUrl = app.config.publicBaseUrl;
  const UserView = z.union([AdminUserView, Me]);

  // users
  app.get('/profile/users/me/', { schema: { tags, response: { 200: Me } } }, async (request) =>
    presentAccount(deps, await ownAccount(deps, currentUser(request).id), { self: true }),
  );

  app.get(
    '/profile/users/',
    { schema: { tags, querystring: PageQuery, response: { 200: paginated(UserView) } } },
    async (request) => {
      const window = pageWindow(request.query);
      const { count, results } = await listVisibleUsers(deps, currentUser(request), {
        limit: window.pageSize,
        offset: window.offset,
      });
      return paginate(request, baseUrl, window, count, results);
    },
  );

  app.get(
    '/profile/users/:id/',
    { schema: { tags, params: IdParam, response: { 200: UserView } } },
    async (request) => {
      const caller = currentUser(request);
      return presentAccountFor(deps, caller, await visibleUser(deps, caller, request.params.id));
    },
  );

  for (const method of ['PATCH', 'PUT'] as const) {
    app.route({
      method,
      url: '/profile/users/:id/',
      schema: { tags, params: IdParam, body: UserPatchBody, response: { 200: UserView } },
      handler: async (request) => {
        const caller = currentUser(request);
        return presentAccountFor(deps, caller, await patchUser(deps, caller, request.params.id, request.body));
      },
    });
  }

  app.delete(
    '/profile/users/:id/',
    { schema: { tags, params: IdParam, body: UserDeleteBody } },
    async (request, reply) => {
      await deleteAccount(deps, currentUser(request), request.params.id, request.body?.password, request.ip);
      return reply.code(204).send();
    },
  );

  // profiles: one per user, only the owner's
  const ProfileParams = IdParam;
  app.get(
    '/profile/profiles/',
    { schema: { tags, querystring: PageQuery, response: { 200: paginated(Profile) } } },
    async (request) => {
      const profile = await ownProfile(deps, currentUser(request).id);
      const window = pageWindow(request.query);
      return paginate(request, baseUrl, window, 1, window.offset === 0 ? [presentProfile(baseUrl, profile)] : []);
    },
  );

  app.post(
    '/profile/profiles/',
    { schema: { tags, body: ProfileWriteBody, response: { 200: Profile, 201: Profile } } },
    async (request, reply) => {
      const { created, profile } = await saveOwnProfile(deps, currentUser(request).id, request.body);
      return reply.code(created ? 201 : 200).send(presentProfile(baseUrl, profile));
    },
  );

  app.post(
    '/profile/profiles/upload_avatar/',
    { schema: { tags, consumes: ['multipart/form-data'], response: { 200: AvatarAnswer } } },
    async (request) => {
      const userId = currentUser(request).id;
      if (!request.isMultipart())
        throw invalid('Send the image as multipart/form-data in the field "avatar".', {
          avatar: ['No file was submitted.'],
        });
      let upload: Buffer | null = null;
      await readMultipart(request, async (part) => {
        if (part.type === 'file' && part.fieldname === 'avatar' && !upload) upload = await part.toBuffer();
        else if (part.type === 'file') await part.toBuffer();
      });
      if (!upload) throw invalid('No file was submitted.', { avatar: ['No file was submitted.'] });
      const profile = presentProfile(baseUrl, await replaceAvatar(deps, userId, upload));
      return { avatar: profile.avatar, avatar_url: profile.avatar_url };
    },
  );

  app.get(
    '/profile/profiles/:id/',
    { schema: { tags, params: ProfileParams, response: { 200: Profile } } },
    async (request) => presentProfile(baseUrl, await visibleProfile(deps, currentUser(request), request.params.id)),
  );

  for (const method of ['PATCH', 'PUT'] as const) {
    app.route({
      method,
      url: '/profile/profiles/:id/',
      schema: { tags, params: ProfileParams, body: ProfileWriteBody, response: { 200: Profile } },
      handler: async (request) =>
        presentProfile(
          baseUrl,
          await updateVisibleProfile(deps, currentUser(request), request.params.id, request.body),
        ),
    });
  }

  app.delete('/profile/profiles/:id/', { schema: { tags, params: ProfileParams } }, async (request, reply) => {
    // Deleting resets: the next read creates an empty profile again.
    await resetProfile(deps, currentUser(request), request.params.id);
    return reply.code(204).send();
  });

  // email_addresses and phone_numbers
  const addressRoutes = (
    path: string,
    kind: AddressKind,
    item: typeof EmailAddress | typeof PhoneNumber,
    createBody: typeof EmailAddressCreateBody | typeof PhoneNumberCreateBody,
  ) => {
    app.get(
      `/profile/${path}/`,
      { schema: { tags, querystring: PageQuery, response: { 200: paginated(item) } } },
      async (request) => {
        const rows = await listAddresses(deps, kind, currentUser(request).id);
        const window = pageWindow(request.query);
        const page = rows
          .slice(window.offset, window.offset + window.pageSize)
          .map((row) => presentAddress(kind.column, row));
        return paginate(request, baseUrl, window, rows.length, page);
      },
    );
    app.post(
      `/profile/${path}/`,
      { schema: { tags, body: createBody, response: { 201: item } } },
      async (request, reply) => {
        const body = request.body as { email?: string; phone?: string; code: string };
        const address = kind.channel === 'email' ? body.email! : body.phone!;
        const row = await addAddress(deps, kind, currentUser(request).id, address, body.code);
        return reply.code(201).send(presentAddress(kind.column, row));
      },
    );
    app.get(`/profile/${path}/:id/`, { schema: { tags, params: IdParam, response: { 200: item } } }, async (request) =>
      presentAddress(kind.column, await ownAddress(deps, kind, currentUser(request).id, request.params.id)),
    );
    for (const method of ['PATCH', 'PUT'] as const) {
      app.route({
        method,
        url: `/profile/${path}/:id/`,
        schema: { tags, params: IdParam, body: AddressPatchBody, response: { 200: item } },
        handler: async (request) => {
          const userId = currentUser(request).id;
          const row = request.body.primary
            ? await makePrimary(deps, kind, userId, request.params.id)
            : await ownAddress(deps, kind, userId, request.params.id);
          return presentAddress(kind.column, row);
        },
      });
    }
    app.delete(`/profile/${path}/:id/`, { schema: { tags, params: IdParam } }, async (request, reply) => {
      await deleteAddress(deps, kind, currentUser(request).id, request.params.id);
      return reply.code(204).send();
    });
  };
  addressRoutes('email_addresses', EMAIL_KIND, EmailAddress, EmailAddressCreateBody);
  addressRoutes('phone_numbers', PHONE_KIND, PhoneNumber, PhoneNumberCreateBody);

  // small checks for the settings page
  const self = (request: Parameters<typeof currentUser>[0]) => ownAccount(deps, currentUser(request).id);
  app.get('/profile/check_email_bind/', { schema: { tags, response: { 200: EmailBind } } }, async (request) => {
    const user = await self(request);
    return { bound: Boolean(user.email), email: maskEmail(user.email) };
  });
  app.get('/profile/check_phone_bind/', { schema: { tags, response: { 200: PhoneBind } } }, async (request) => {
    const user = await self(request);
    return { bound: Boolean(user.phone), phone: maskPhone(user.phone) };
  });
  app.get('/profile/check_has_password/', { schema: { tags, response: { 200: HasPassword } } }, async (request) => ({
    has_password: Boolean((await self(request)).password_hash),
  }));
  app.get('/profile/get_email/', { schema: { tags, response: { 200: OwnEmail } } }, async (request) => ({
    email: (await self(request)).email,
  }));
  app.get('/profile/get_phone/', { schema: { tags, response: { 200: OwnPhone } } }, async (request) => ({
    phone: (await self(request)).phone,
  }));

  // Existence checks reveal whether an address has an account: only for logged-in callers, 30 a minute.
  const existsParams = z.object({ id: z.union([z.literal('me'), z.coerce.number().int().positive()]) });
  app.get(
    '/profile/:id/check_email_exist/',
    { schema: { tags, params: existsParams, querystring: z.object({ email: Email }), response: { 200: Exists } } },
    async (request) => ({
      exists: await addressHasAccount(deps, currentUser(request), request.params.id, 'email', request.query.email),
    }),
  );
  app.get(
    '/profile/:id/check_phone_exist/',
    { schema: { tags, params: existsParams, querystring: z.object({ phone: Phone }), response: { 200: Exists } } },
    async (request) => ({
      exists: await addressHasAccount(deps, currentUser(request), request.params.id, 'sms', request.query.phone),
    }),
  );

  app.post(
    '/profile/set_first_password/',
    { schema: { tags, body: SetFirstPasswordBody, response: { 200: HasPassword } } },
    async (request) => {
      await setFirstPassword(deps, currentUser(request).id, request.body.password);
      return { has_password: true };
    },
  );
};
