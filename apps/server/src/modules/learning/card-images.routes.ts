import multipart from '@fastify/multipart';
import { CARD_IMAGE_MAX_BYTES, CardImage, IdParam } from '@arbor/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readMultipart } from '../../lib/multipart.ts';
import { currentUser } from '../../plugins/auth.ts';
import { createCardImage, getOwnCardImage, readCardImageFile } from './card-images.service.ts';

const tags = ['learning'];

/**
 * `POST /api/learn/card-images/` (multipart `file`) and `GET /api/learn/card-images/{id}/`: a learner's
 * private card images. Registered by `learningRoutes`, whose `onRequest: requireAuth` covers them.
 */
export const cardImagesRoutes: FastifyPluginAsyncZod = async (app) => {
  // One file per request; anything larger than the limit stops at the parser with 413.
  await app.register(multipart, {
    limits: { fileSize: CARD_IMAGE_MAX_BYTES, files: 1, fields: 4, parts: 5, fieldSize: 1024 },
  });
  const { deps } = app;
  app.post(
    '/learn/card-images/',
    { schema: { tags, consumes: ['multipart/form-data'], response: { 201: CardImage } } },
    async (request, reply) => {
      let upload: Buffer | null = null;
      await readMultipart(request, async (part) => {
        if (part.type !== 'file') return;
        // Every file part is drained so the request completes; only `file` is kept.
        const bytes = await part.toBuffer();
        if (part.fieldname === 'file' && !upload) upload = bytes;
      });
      return reply.code(201).send(await createCardImage(deps, currentUser(request), upload));
    },
  );
  app.get('/learn/card-images/:id/', { schema: { tags, params: IdParam, response: { 200: CardImage } } }, (request) =>
    getOwnCardImage(deps, currentUser(request), request.params.id),
  );
};

/**
 * `GET /api/learn/card-images/{id}/{secret}.webp` **capability URL**: a plain `<img>` sends no token, so
 * the unguessable secret in the URL (given only to the owner) is what lets the browser load the image.
 * Private to the browser's cache, never a referrer, never sniffed into anything but an image.
 */
export const cardImageFileRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  app.get(
    '/learn/card-images/:id/:file',
    {
      schema: {
        tags,
        summary: 'A card image by its capability URL (no token)',
        params: IdParam.extend({ file: z.string().max(80) }),
        response: { 200: z.any().describe('image/webp') },
      },
    },
    async (request, reply) => {
      const object = await readCardImageFile(deps, request.params.id, request.params.file);
      return reply
        .header('content-type', object.contentType)
        .header('cache-control', 'private, max-age=31536000, immutable')
        .header('referrer-policy', 'no-referrer')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('cross-origin-resource-policy', 'same-origin')
        .send(object.body);
    },
  );
};
