import {
  IdParam,
  paginated,
  RollbackBody,
  Version,
  VersionByUuidQuery,
  VersionCreateBody,
  VersionListQuery,
  VersionUpdateBody,
  VersionWithData,
} from '@arbor/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { paginate, pageWindow } from '../../lib/pagination.ts';
import { currentUser } from '../../plugins/auth.ts';
import { expectedRevision, revisionEtag } from './revision.ts';
import { sendTrustedJson } from '../../lib/trusted-json.ts';
import { presentVersion, presentVersionWithData } from './versions.presenter.ts';
import {
  createVersion,
  deleteVersion,
  getVersion,
  latestVersion,
  listTreeVersions,
  renameVersion,
  rollbackToVersion,
  versionByTreeUuid,
} from './versions.service.ts';
import { messageLocale } from '../../lib/messages/index.ts';

const tags = ['versions'];

/** `/api/tree/skills_tree_version/` plus the version reads under `skills_tree/` (API.md "Versions"). */
export const versionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const base = '/tree/skills_tree_version';
  const { deps } = app;
  const baseUrl = app.config.publicBaseUrl;
  const limits = { maxNodes: app.config.limits.treeMaxNodes, maxBytes: app.config.limits.treeMaxBytes };
  app.addHook('onRequest', app.requireAuth);

  app.get(
    `${base}/`,
    { schema: { tags, querystring: VersionListQuery, response: { 200: paginated(Version) } } },
    async (request) => {
      const window = pageWindow(request.query);
      const { count, rows } = await listTreeVersions(deps, currentUser(request), request.query.tree, window);
      return paginate(request, baseUrl, window, count, rows.map(presentVersion));
    },
  );

  app.post(
    `${base}/`,
    { schema: { tags, body: VersionCreateBody, response: { 201: VersionWithData } } },
    async (request, reply) => {
      const expected = expectedRevision(request.headers['if-match'], request.body.base_revision);
      const created = await createVersion(deps, currentUser(request), request.body, limits, expected);
      return sendTrustedJson(
        reply.code(201).header('etag', revisionEtag(created.revision)),
        presentVersionWithData(created.version, created.document),
      );
    },
  );

  app.get(
    `${base}/:id/`,
    { schema: { tags, params: IdParam, response: { 200: VersionWithData } } },
    async (request, reply) => {
      const { version, document } = await getVersion(deps, currentUser(request), request.params.id);
      return sendTrustedJson(reply, presentVersionWithData(version, document));
    },
  );

  for (const method of ['PUT', 'PATCH'] as const) {
    app.route({
      method,
      url: `${base}/:id/`,
      schema: { tags, params: IdParam, body: VersionUpdateBody, response: { 200: Version } },
      handler: async (request) =>
        presentVersion(await renameVersion(deps, currentUser(request), request.params.id, request.body.message)),
    });
  }

  app.delete(`${base}/:id/`, { schema: { tags, params: IdParam } }, async (request, reply) => {
    await deleteVersion(deps, currentUser(request), request.params.id);
    return reply.code(204).send();
  });

  app.post(
    `${base}/:id/rollback/`,
    { schema: { tags, params: IdParam, body: RollbackBody.nullish(), response: { 201: VersionWithData } } },
    async (request, reply) => {
      const created = await rollbackToVersion(
        deps,
        currentUser(request),
        request.params.id,
        request.body?.message,
        messageLocale(request.headers['accept-language']),
      );
      return sendTrustedJson(
        reply.code(201).header('etag', revisionEtag(created.revision)),
        presentVersionWithData(created.version, created.document),
      );
    },
  );

  app.get(
    '/tree/skills_tree/:id/latest_version/',
    { schema: { tags, params: IdParam, response: { 200: VersionWithData } } },
    async (request, reply) => {
      const { version, document } = await latestVersion(deps, currentUser(request), request.params.id);
      return sendTrustedJson(reply, presentVersionWithData(version, document));
    },
  );

  app.get(
    '/tree/skills_tree/get_version_by_uuid/',
    { schema: { tags, querystring: VersionByUuidQuery, response: { 200: VersionWithData } } },
    async (request, reply) => {
      const { version, document } = await versionByTreeUuid(
        deps,
        currentUser(request),
        request.query.uuid,
        request.query.version,
      );
      return sendTrustedJson(reply, presentVersionWithData(version, document));
    },
  );
};
