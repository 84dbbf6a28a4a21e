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
import { currentUser, readWithSession } from '../../plugins/auth.ts';
import { paginate, pageWindow } from '../../lib/pagination.ts';
import { nodeImagesRoutes } from './node-images.routes.ts';
import { expectedRevision, revisionEtag } from './revision.ts';
import { sendTrustedJson } from '../../lib/trusted-json.ts';
import { presentTree, treeWithDataJson } from './trees.presenter.ts';
import {
  createTreeFromDocument,
  deleteOwnTree,
  getTreeForViewer,
  getTreeWithSession,
  listOwnTrees,
  updateOwnTree,
} from './trees.service.ts';
import { versionsRoutes } from './versions.routes.ts';

const tags = ['trees'];

/** Every route of the trees module: trees, their versions and their node images. */
export const treesRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(skillTreeRoutes);
  await app.register(versionsRoutes);
  await app.register(nodeImagesRoutes);
};

/** `/api/tree/skills_tree/`: own trees, and others' non-private trees read-only (API.md "Trees"). */
const skillTreeRoutes: FastifyPluginAsyncZod = async (app) => {
  const base = '/tree/skills_tree';
  const { deps } = app;
  const baseUrl = app.config.publicBaseUrl;
  const limits = { maxNodes: app.config.limits.treeMaxNodes, maxBytes: app.config.limits.treeMaxBytes };
  app.addHook('onRequest', app.requireAuth);
  // The two reads of a tree check the caller's session in their own statement (issue 29).
  const sessionInRead = true;

  app.get(
    `${base}/`,
    { schema: { tags, querystring: TreeListQuery, response: { 200: paginated(Tree) } } },
    async (request) => {
      const window = pageWindow(request.query);
      const { count, rows } = await listOwnTrees(deps, currentUser(request), request.query, window);
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
      const user = currentUser(request);
      const id = await createTreeFromDocument(deps, user.id, { ...request.body, limits });
      const tree = await getTreeForViewer(deps, user, id);
      return sendTrustedJson(
        reply.code(201).header('etag', revisionEtag(tree.revision)),
        treeWithDataJson(tree, baseUrl, request.user),
      );
    },
  );

  app.get(
    `${base}/get_data_by_uuid/`,
    { schema: { tags, querystring: TreeUuidQuery, response: { 200: TreeWithData } }, config: { sessionInRead } },
    async (request, reply) => {
      const { tree, document } = await getTreeWithSession(deps, { uuid: request.query.uuid }, (read) =>
        readWithSession(request, read),
      );
      return sendTrustedJson(
        reply.header('etag', revisionEtag(tree.revision)),
        treeWithDataJson(tree, baseUrl, request.user, document),
      );
    },
  );

  app.get(
    `${base}/:id/`,
    { schema: { tags, params: IdParam, response: { 200: TreeWithData } }, config: { sessionInRead } },
    async (request, reply) => {
      const { tree, document } = await getTreeWithSession(deps, { id: request.params.id }, (read) =>
        readWithSession(request, read),
      );
      return sendTrustedJson(
        reply.header('etag', revisionEtag(tree.revision)),
        treeWithDataJson(tree, baseUrl, request.user, document),
      );
    },
  );

  for (const method of ['PUT', 'PATCH'] as const) {
    app.route({
      method,
      url: `${base}/:id/`,
      schema: { tags, params: IdParam, body: TreeUpdateBody, response: { 200: Tree } },
      handler: async (request, reply) => {
        const expected = expectedRevision(request.headers['if-match'], request.body.base_revision);
        const tree = await updateOwnTree(deps, currentUser(request), request.params.id, request.body, limits, expected);
        return reply.header('etag', revisionEtag(tree.revision)).send(presentTree(tree, baseUrl, request.user));
      },
    });
  }

  app.delete(`${base}/:id/`, { schema: { tags, params: IdParam } }, async (request, reply) => {
    await deleteOwnTree(deps, currentUser(request), request.params.id);
    return reply.code(204).send();
  });
};
