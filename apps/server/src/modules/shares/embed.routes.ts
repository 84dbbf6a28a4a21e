import { OembedQuery, OembedResponse } from '@arbor/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { EMBED_SCRIPT, embedLocale, renderEmbedMissing } from './embed.page.ts';
import { embedPageOf, oembedFor, templatePageHead } from './embed.service.ts';

const EmbedParams = z.object({ uuid: z.string().max(64) });

/**
 * Templates outside Arbor, all public: `/embed/community/{uuid}` (a light read-only page any site may
 * frame; security.ts opens frame-ancestors on `/embed/` only) and its script. Mounted without the
 * `/api` prefix. It also gives the web app's `/community/{uuid}` page its link-preview tags.
 */
export const embedRoutes: FastifyPluginAsyncZod = async (app) => {
  app.pageHeads.add({
    pattern: /^\/community\/([0-9a-fA-F-]{36})\/?$/,
    tags: (uuid) => templatePageHead(app.deps, uuid),
  });

  app.get('/embed/embed.js', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'public, max-age=3600').send(EMBED_SCRIPT),
  );

  app.get('/embed/community/:uuid', { schema: { hide: true, params: EmbedParams } }, async (request, reply) => {
    const locale = embedLocale(request.headers['accept-language']);
    const page = await embedPageOf(app.deps, request.params.uuid, locale);
    return reply
      .code(page.found ? 200 : 404)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('vary', 'accept-language')
      .send(page.html);
  });

  // Anything else under /embed/ is a plain 404 page, never the web app: the app must not be framable
  // through a path that opens frame-ancestors.
  app.get('/embed/*', { schema: { hide: true } }, async (request, reply) =>
    reply
      .code(404)
      .type('text/html; charset=utf-8')
      .send(renderEmbedMissing(embedLocale(request.headers['accept-language']))),
  );
};

/** `GET /api/oembed/` (oEmbed 1.0): the iframe of a template's embed page, for any consumer. */
export const oembedRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/oembed/',
    { schema: { tags: ['community'], security: [], querystring: OembedQuery, response: { 200: OembedResponse } } },
    async (request) => oembedFor(app.deps, request.query),
  );
};
