import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';

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
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    transformStaticCSP: (header) => header,
    uiConfig: { deepLinking: false },
  });
  app.get(
    '/api/schema/',
    {
      schema: {
        hide: true,
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
