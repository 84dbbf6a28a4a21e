import {
  IdParam,
  paginated,
  Tree,
  TreeCreateBody,
  TreeListQuery,
  TreeUpdateBody,
  TreeUuidQuery,
  TreeWithData,
} from '@arbor/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../plugins/auth.ts';
import { paginate, pageWindow } from '../../lib/pagination.ts';
import { expectedRevision, revisionEtag } from './revision.ts';
import { serializeTrusted } from './tree-document.ts';
import { presentTree, presentTreeWithData } from './trees.presenter.ts';
import { findTreeById } from './trees.repository.ts';
import {
  createTreeFromDocument,
  deleteOwnTree,
  getTreeByUuidForViewer,
  getTreeForViewer,
  listOwnTrees,
  updateOwnTree,
} from './trees.service.ts';

const tags = ['trees'];

/** `/api/tree/skills_tree/`: own trees, and others' non-private trees read-only (API.md "Trees"). */
export const treesRoutes: FastifyPluginAsyncZod = async (app) => {
  const base = '/tree/skills_tree';
  const baseUrl = app.config.publicBaseUrl;
  const limits = { maxNodes: app.config.limits.treeMaxNodes, maxBytes: app.config.limits.treeMaxBytes };
  app.addHook('onRequest', app.requireAuth);

  app.get(
    `${base}/`,
    { schema: { tags, querystring: TreeListQuery, response: { 200: paginated(Tree) } } },
    async (request) => {
      const window = pageWindow(request.query);
      const { count, rows } = await listOwnTrees(app.db, currentUser(request).id, request.query, window);
      return paginate(
        request,
        baseUrl,
        window,
        count,
        rows.map((row) => presentTree(row, baseUrl, request.user)),
      );
    },
  );

  app.post(
    `${base}/`,
    { schema: { tags, body: TreeCreateBody, response: { 201: TreeWithData } } },
    async (request, reply) => {
      const id = await createTreeFromDocument(app.db, currentUser(request).id, { ...request.body, limits });
      const tree = (await findTreeById(app.db, id))!;
      return serializeTrusted(reply)
        .code(201)
        .header('etag', revisionEtag(tree.revision))
        .send(presentTreeWithData(tree, baseUrl, request.user));
    },
  );

  app.get(
    `${base}/get_data_by_uuid/`,
    { schema: { tags, querystring: TreeUuidQuery, response: { 200: TreeWithData } } },
    async (request, reply) => {
      const tree = await getTreeByUuidForViewer(app.db, currentUser(request), request.query.uuid);
      return serializeTrusted(reply)
        .header('etag', revisionEtag(tree.revision))
        .send(presentTreeWithData(tree, baseUrl, request.user));
    },
  );

  app.get(
    `${base}/:id/`,
    { schema: { tags, params: IdParam, response: { 200: TreeWithData } } },
    async (request, reply) => {
      const tree = await getTreeForViewer(app.db, currentUser(request), request.params.id);
      return serializeTrusted(reply)
        .header('etag', revisionEtag(tree.revision))
        .send(presentTreeWithData(tree, baseUrl, request.user));
    },
  );

  for (const method of ['PUT', 'PATCH'] as const) {
    app.route({
      method,
      url: `${base}/:id/`,
      schema: { tags, params: IdParam, body: TreeUpdateBody, response: { 200: Tree } },
      handler: async (request, reply) => {
        const expected = expectedRevision(request.headers['if-match'], request.body.base_revision);
        const tree = await updateOwnTree(
          app.db,
          currentUser(request),
          request.params.id,
          request.body,
          limits,
          expected,
        );
        return reply.header('etag', revisionEtag(tree.revision)).send(presentTree(tree, baseUrl, request.user));
      },
    });
  }

  app.delete(`${base}/:id/`, { schema: { tags, params: IdParam } }, async (request, reply) => {
    await deleteOwnTree(app.db, app.storage, request.log, currentUser(request), request.params.id);
    return reply.code(204).send();
  });
};
