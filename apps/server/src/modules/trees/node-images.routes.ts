import multipart from '@fastify/multipart';
import { IdParam, NODE_IMAGE_MAX_BYTES, NodeImage, NodeImageListQuery, paginated } from '@arbor/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { paginate, pageWindow } from '../../lib/pagination.ts';
import { currentUser } from '../../plugins/auth.ts';
import { formId, readNodeImageForm } from './node-image-form.ts';
import { presentNodeImage } from './node-images.presenter.ts';
import {
  createNodeImage,
  deleteOwnNodeImage,
  getOwnNodeImage,
  listOwnNodeImages,
  updateNodeImageOf,
} from './node-images.service.ts';

const tags = ['node-images'];
const consumes = ['multipart/form-data'];

/** `/api/tree/node_image/`: images of nodes in the caller's own trees (API.md "Node images"). */
export const nodeImagesRoutes: FastifyPluginAsyncZod = async (app) => {
  const base = '/tree/node_image';
  const baseUrl = app.config.publicBaseUrl;
  // One file per request; anything larger than the limit stops at the parser with 413.
  await app.register(multipart, {
    limits: { fileSize: NODE_IMAGE_MAX_BYTES, files: 1, fields: 10, parts: 12, fieldSize: 1024 },
  });
  app.addHook('onRequest', app.requireAuth);
  const { deps } = app;

  app.get(
    `${base}/`,
    { schema: { tags, querystring: NodeImageListQuery, response: { 200: paginated(NodeImage) } } },
    async (request) => {
      const window = pageWindow(request.query);
      const filter = { treeId: request.query.tree, nodeId: request.query.node_id };
      const { count, rows } = await listOwnNodeImages(deps, currentUser(request), filter, window);
      return paginate(
        request,
        baseUrl,
        window,
        count,
        rows.map((row) => presentNodeImage(row, baseUrl)),
      );
    },
  );

  app.post(`${base}/`, { schema: { tags, consumes, response: { 201: NodeImage } } }, async (request, reply) => {
    const form = await readNodeImageForm(request);
    const image = await createNodeImage(deps, currentUser(request), {
      treeId: formId(form.fields, 'tree'),
      nodeId: form.fields.node_id,
      upload: form.image,
    });
    return reply.code(201).send(presentNodeImage(image, baseUrl));
  });

  app.get(`${base}/:id/`, { schema: { tags, params: IdParam, response: { 200: NodeImage } } }, async (request) =>
    presentNodeImage(await getOwnNodeImage(deps, currentUser(request), request.params.id), baseUrl),
  );

  for (const method of ['PUT', 'PATCH'] as const) {
    app.route({
      method,
      url: `${base}/:id/`,
      schema: { tags, consumes: [...consumes, 'application/json'], params: IdParam, response: { 200: NodeImage } },
      handler: async (request) => {
        const form = await readNodeImageForm(request);
        const image = await updateNodeImageOf(deps, currentUser(request), request.params.id, {
          nodeId: form.fields.node_id,
          upload: form.image,
        });
        return presentNodeImage(image, baseUrl);
      },
    });
  }

  app.delete(`${base}/:id/`, { schema: { tags, params: IdParam } }, async (request, reply) => {
    await deleteOwnNodeImage(deps, currentUser(request), request.params.id);
    return reply.code(204).send();
  });
};
