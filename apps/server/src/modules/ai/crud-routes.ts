import { IdParam, PageQuery, paginated } from '@arbor/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { paginate, pageWindow, type PageWindow } from '../../lib/pagination.ts';
import { currentUser, type AuthUser } from '../../plugins/auth.ts';

type Guard = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/** One admin-managed resource: list/retrieve (readers decided by `readGuard`), create/update/delete (admins). */
interface CrudResource<Item, Create, Update, Query> {
  path: string;
  tag: string;
  item: z.ZodType<Item>;
  create: z.ZodType<Create>;
  update: z.ZodType<Update>;
  listQuery: z.ZodObject;
  /** `admin` when only admins may read, `user` when any signed-in user may (services filter what they see) */
  readers: 'admin' | 'user';
  list(user: AuthUser, query: Query, window: PageWindow): Promise<{ count: number; results: Item[] }>;
  get(user: AuthUser, id: number): Promise<Item>;
  add(body: Create): Promise<Item>;
  change(id: number, body: Update): Promise<Item>;
  remove(id: number): Promise<void>;
}

/** Registers the DRF-style routes of one resource: `GET/POST path`, `GET/PUT/PATCH/DELETE path/{id}/`. */
export function crudRoutes<Item, Create, Update, Query>(
  resource: CrudResource<Item, Create, Update, Query>,
): FastifyPluginAsyncZod {
  return async (app) => {
    const readGuard: Guard = resource.readers === 'admin' ? app.requireAdmin : app.requireAuth;
    const tags = [resource.tag];
    // Widened on purpose: route generics cannot relate `Item` to `item`; each resource's functions
    // are checked against its schemas where the resource is declared.
    const item: z.ZodType = resource.item;
    const createBody: z.ZodType = resource.create;
    const updateBody: z.ZodType = resource.update;
    const itemPath = `${resource.path}:id/`;

    app.get(
      resource.path,
      {
        onRequest: readGuard,
        schema: { tags, querystring: PageQuery.extend(resource.listQuery.shape), response: { 200: paginated(item) } },
      },
      async (request) => {
        const window = pageWindow(request.query);
        const { count, results } = await resource.list(currentUser(request), request.query as Query, window);
        return paginate(request, app.config.publicBaseUrl, window, count, results);
      },
    );
    app.post(
      resource.path,
      { onRequest: app.requireAdmin, schema: { tags, body: createBody, response: { 201: item } } },
      async (request, reply) => reply.code(201).send(await resource.add(request.body as Create)),
    );
    app.get(
      itemPath,
      { onRequest: readGuard, schema: { tags, params: IdParam, response: { 200: item } } },
      async (request) => resource.get(currentUser(request), request.params.id),
    );
    for (const method of ['put', 'patch'] as const) {
      app[method](
        itemPath,
        { onRequest: app.requireAdmin, schema: { tags, params: IdParam, body: updateBody, response: { 200: item } } },
        async (request) => resource.change(request.params.id, request.body as Update),
      );
    }
    app.delete(
      itemPath,
      { onRequest: app.requireAdmin, schema: { tags, params: IdParam, response: { 204: z.null() } } },
      async (request, reply) => {
        await resource.remove(request.params.id);
        return reply.code(204).send(null);
      },
    );
  };
}
