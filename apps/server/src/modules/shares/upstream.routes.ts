import { IdParam, SyncUpstreamBody, SyncUpstreamResponse, UpstreamPreview } from '@arbor/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../plugins/auth.ts';
import { expectedRevision, presentTree, presentVersion, revisionEtag } from '../trees/index.ts';
import * as service from './upstream.service.ts';
import { messageLocale } from '../../lib/messages/index.ts';

const tags = ['trees'];

/**
 * A fork and its template (API.md "Template updates for forks"), under the tree's path. Registered
 * by the community module, which reads template revisions and depends on the trees module (never
 * the other way round). Owner only: others get 404, as for every tree call.
 */
export const upstreamRoutes: FastifyPluginAsyncZod = async (app) => {
  const base = '/tree/skills_tree/:id';
  const baseUrl = app.config.publicBaseUrl;
  const limits = { maxNodes: app.config.limits.treeMaxNodes, maxBytes: app.config.limits.treeMaxBytes };

  app.get(
    `${base}/upstream/`,
    { onRequest: app.requireAuth, schema: { tags, params: IdParam, response: { 200: UpstreamPreview } } },
    async (request) => service.previewUpstream(app.deps, currentUser(request), request.params.id),
  );

  app.post(
    `${base}/sync_upstream/`,
    {
      onRequest: app.requireAuth,
      schema: { tags, params: IdParam, body: SyncUpstreamBody, response: { 200: SyncUpstreamResponse } },
    },
    async (request, reply) => {
      const result = await service.syncWithUpstream(app.deps, currentUser(request), request.params.id, {
        resolve: request.body?.resolve,
        message: request.body?.message,
        locale: messageLocale(request.headers['accept-language']),
        expectedRevision: expectedRevision(request.headers['if-match'], undefined),
        limits,
      });
      return reply.header('etag', revisionEtag(result.tree.revision)).send({
        tree: presentTree(result.tree, baseUrl, request.user),
        version: result.version && presentVersion(result.version),
        applied: result.applied,
      });
    },
  );
};
