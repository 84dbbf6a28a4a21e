import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';

const DOCS_PREFIX = '/api/docs';
const SCHEMA_PATH = '/api/schema/';

/**
 * The OpenAPI path of a route's URL: `:id` becomes `{id}`, and a wildcard `*` (Swagger UI's assets)
 * becomes `{path}`. Every route is listed under this path, so tests can find each one.
 */
export const openapiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}').replace(/\*/g, '{path}');

/** A 200 answer that is not JSON described by a schema: a page, a script, the document itself. */
const textAnswer = (description: string, ...mediaTypes: string[]) => ({
  200: {
    description,
    content: Object.fromEntries(mediaTypes.map((type) => [type, { schema: { type: 'string' } }])),
  },
});

const docsRoute = (summary: string, response: Record<number, unknown>, extra: Record<string, unknown> = {}) => ({
  summary,
  tags: ['docs'],
  security: [],
  response,
  ...extra,
});

/**
 * Swagger UI's own routes (registered hidden by @fastify/swagger-ui), described so that the document
 * lists every path the server answers (issue #18).
 */
const DOCS_ROUTES: Record<string, ReturnType<typeof docsRoute>> = {
  [DOCS_PREFIX]: docsRoute('Interactive API docs (Swagger UI)', textAnswer('The Swagger UI page.', 'text/html')),
  [`${DOCS_PREFIX}/json`]: docsRoute(
    'This OpenAPI document, as Swagger UI loads it',
    textAnswer('The OpenAPI 3.1 document.', 'application/json'),
  ),
  [`${DOCS_PREFIX}/yaml`]: docsRoute(
    'This OpenAPI document in YAML, as Swagger UI loads it',
    textAnswer('The OpenAPI 3.1 document.', 'application/x-yaml'),
  ),
  [`${DOCS_PREFIX}/static/index.html`]: docsRoute('Redirects to the interactive API docs', {
    302: { description: `Redirect to ${DOCS_PREFIX}/.`, type: 'null' },
  }),
  [`${DOCS_PREFIX}/static/swagger-initializer.js`]: docsRoute(
    'Swagger UI start-up script',
    textAnswer('The script.', 'application/javascript'),
  ),
  [`${DOCS_PREFIX}/static/*`]: docsRoute(
    'Swagger UI assets',
    { ...textAnswer('The asset.', 'application/octet-stream'), 404: { description: 'No such asset.', type: 'null' } },
    { params: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] } },
  ),
};

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];

/** zod schemas to JSON Schema for every route, with the docs routes described by hand. */
function transform(input: TransformInput) {
  const docs = DOCS_ROUTES[input.url];
  if (docs) return { schema: docs, url: openapiPath(input.url) };
  const result = jsonSchemaTransform(input);
  if (input.url === SCHEMA_PATH) {
    const response = textAnswer('The OpenAPI 3.1 document.', 'application/json', 'application/yaml');
    return { schema: { ...result.schema, response }, url: openapiPath(result.url) };
  }
  return { ...result, url: openapiPath(result.url) };
}

/**
 * OpenAPI 3.1 generated from the same zod schemas that validate requests:
 * `GET /api/schema/` (JSON, or YAML with `?format=yaml`) and Swagger UI at `/api/docs/`.
 */
async function openapiPlugin(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Arbor API', version: '1.0.0', description: 'Build, share and learn from skill trees.' },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
      security: [{ bearer: [] }],
    },
    transform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, {
    routePrefix: DOCS_PREFIX,
    staticCSP: true,
    transformStaticCSP: (header) => header,
    uiConfig: { deepLinking: false },
  });
  app.get(
    SCHEMA_PATH,
    {
      schema: {
        summary: 'This OpenAPI document',
        tags: ['docs'],
        security: [],
        querystring: z.object({ format: z.enum(['json', 'yaml']).optional() }),
      },
      config: { public: true },
    },
    async (request, reply) => {
      const { format } = request.query as { format?: 'json' | 'yaml' };
      if (format === 'yaml') return reply.type('application/yaml; charset=utf-8').send(app.swagger({ yaml: true }));
      return reply.type('application/json; charset=utf-8').send(JSON.stringify(app.swagger()));
    },
  );
}

export default fp(openapiPlugin, { name: 'openapi' });
