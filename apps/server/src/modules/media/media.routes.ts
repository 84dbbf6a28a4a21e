import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/http-errors.ts';

/** `GET /media/<key>`: uploaded files, only as images, never sniffable into HTML, cached for a year (keys never change). */
export const mediaRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/media/*', { schema: { hide: true, params: z.object({ '*': z.string() }) } }, async (request, reply) => {
    const object = await app.deps.storage.get(request.params['*']);
    if (!object || !object.contentType.startsWith('image/') || object.contentType.includes('svg')) throw notFound();
    return reply
      .header('content-type', object.contentType)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('content-disposition', 'inline')
      .send(object.body);
  });
};
