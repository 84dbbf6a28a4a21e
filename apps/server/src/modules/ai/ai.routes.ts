import {
  AiConfig,
  AiConfigCreate,
  AiConfigUpdate,
  AiConnectionTest,
  AiModel,
  AiModelCreate,
  AiModelListQuery,
  AiModelUpdate,
  AiPrompt,
  AiPromptCreate,
  AiPromptListQuery,
  AiPromptUpdate,
  AiRequestLogDetail,
  AiRequestLog,
  AiRequestLogQuery,
  AiStatus,
  AiUsageQuery,
  AiUsageResponse,
  GenerateImageRequest,
  GenerateImageResponse,
  GenerateImagesBatchRequest,
  GenerateImagesBatchResponse,
  GenerateNodeRequest,
  GenerateNodeResponse,
  IdParam,
  PageQuery,
  paginated,
} from '@arbor/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messageLocale, translateMessage } from '../../lib/messages/index.ts';
import { paginate, pageWindow } from '../../lib/pagination.ts';
import { currentUser } from '../../plugins/auth.ts';
import { prepareNodeGeneration, runNodeGeneration } from './content.service.ts';
import { aiStatus } from './ai-runtime.ts';
import { crudRoutes } from './crud-routes.ts';
import { generateImage, generateImagesBatch } from './images.service.ts';
import * as models from './models.service.ts';
import * as prompts from './prompts.service.ts';
import * as providers from './providers.service.ts';
import { getRequestLog, listRequestLogs, usageByDay } from './request-logs.service.ts';
import { disconnectSignal, streamAnswer, wantsEventStream } from './sse.ts';

/** `/api/llm/…`: providers, models, prompts (admin CRUD), generation, request logs. */
export const aiRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(
    crudRoutes({
      path: '/llm/deepseek-config/',
      tag: 'ai',
      item: AiConfig,
      create: AiConfigCreate,
      update: AiConfigUpdate,
      listQuery: z.object({}),
      readers: 'admin',
      list: (_user, _query, window) => providers.listProviders(app.deps, window),
      get: (_user, id) => providers.getProvider(app.deps, id),
      add: (body) => providers.createProvider(app.deps, body),
      change: (id, body) => providers.updateProvider(app.deps, id, body),
      remove: (id) => providers.removeProvider(app.deps, id),
    }),
  );
  await app.register(
    crudRoutes({
      path: '/llm/deepseek-models/',
      tag: 'ai',
      item: AiModel,
      create: AiModelCreate,
      update: AiModelUpdate,
      listQuery: AiModelListQuery,
      readers: 'user',
      list: (user, query: z.infer<typeof AiModelListQuery>, window) => models.listModels(app.deps, user, query, window),
      get: (user, id) => models.getModel(app.deps, user, id),
      add: (body) => models.createModel(app.deps, body),
      change: (id, body) => models.updateModel(app.deps, id, body),
      remove: (id) => models.removeModel(app.deps, id),
    }),
  );
  await app.register(
    crudRoutes({
      path: '/llm/prompts/',
      tag: 'ai',
      item: AiPrompt,
      create: AiPromptCreate,
      update: AiPromptUpdate,
      listQuery: AiPromptListQuery,
      readers: 'user',
      list: (user, query: z.infer<typeof AiPromptListQuery>, window) =>
        prompts.listPrompts(app.deps, user, query, window),
      get: (user, id) => prompts.getPrompt(app.deps, user, id),
      add: (body) => prompts.createPrompt(app.deps, body),
      change: (id, body) => prompts.updatePrompt(app.deps, id, body),
      remove: (id) => prompts.removePrompt(app.deps, id),
    }),
  );

  app.get(
    '/llm/status/',
    { onRequest: app.requireAuth, schema: { tags: ['ai'], response: { 200: AiStatus } } },
    async (request) => aiStatus(app.deps, currentUser(request)),
  );

  app.post(
    '/llm/deepseek-config/:id/test_connection/',
    { onRequest: app.requireAdmin, schema: { tags: ['ai'], params: IdParam, response: { 200: AiConnectionTest } } },
    async (request) => {
      const result = await providers.testProvider(app.deps, currentUser(request), request.params.id);
      return { ...result, detail: translateMessage(result.detail, messageLocale(request.headers['accept-language'])) };
    },
  );

  app.post(
    '/llm/ai-content/generate_node/',
    {
      onRequest: app.requireAuth,
      schema: { tags: ['ai'], body: GenerateNodeRequest, response: { 200: GenerateNodeResponse } },
    },
    async (request, reply) => {
      const user = currentUser(request);
      // Every refusal (503, 400, 404, 429) is a normal JSON error, decided before a stream opens.
      const prepared = await prepareNodeGeneration(app.deps, user, request.body);
      if (!wantsEventStream(request, request.body.stream)) {
        return runNodeGeneration(app.deps, prepared, { signal: disconnectSignal(reply) });
      }
      return streamAnswer(request, reply, (stream) =>
        runNodeGeneration(app.deps, prepared, { signal: stream.signal, onDelta: stream.delta }),
      );
    },
  );

  app.post(
    '/llm/image-generation/generate_image/',
    {
      onRequest: app.requireAuth,
      schema: { tags: ['ai'], body: GenerateImageRequest, response: { 201: GenerateImageResponse } },
    },
    async (request, reply) =>
      reply.code(201).send(await generateImage(app.deps, currentUser(request), request.body, disconnectSignal(reply))),
  );

  app.post(
    '/llm/image-generation/generate_images_batch/',
    {
      onRequest: app.requireAuth,
      schema: { tags: ['ai'], body: GenerateImagesBatchRequest, response: { 200: GenerateImagesBatchResponse } },
    },
    async (request, reply) => {
      const batch = await generateImagesBatch(
        app.deps,
        currentUser(request),
        request.body.items,
        disconnectSignal(reply),
      );
      // failed items carry an error body like the API's own errors: in the caller's language
      const locale = messageLocale(request.headers['accept-language']);
      return {
        results: batch.results.map((item) =>
          'error' in item
            ? { ...item, error: { ...item.error, detail: translateMessage(item.error.detail, locale) } }
            : item,
        ),
      };
    },
  );

  app.get(
    '/llm/request-logs/',
    {
      onRequest: app.requireAuth,
      schema: {
        tags: ['ai'],
        querystring: PageQuery.extend(AiRequestLogQuery.shape),
        response: { 200: paginated(AiRequestLog) },
      },
    },
    async (request) => {
      const window = pageWindow(request.query);
      const { count, results } = await listRequestLogs(app.deps, currentUser(request), request.query, window);
      return paginate(request, app.config.publicBaseUrl, window, count, results);
    },
  );
  app.get(
    '/llm/request-logs/daily_totals/',
    {
      onRequest: app.requireAuth,
      schema: { tags: ['ai'], querystring: AiUsageQuery, response: { 200: AiUsageResponse } },
    },
    async (request) => ({ results: await usageByDay(app.deps, currentUser(request), request.query) }),
  );
  app.get(
    '/llm/request-logs/:id/',
    { onRequest: app.requireAuth, schema: { tags: ['ai'], params: IdParam, response: { 200: AiRequestLogDetail } } },
    async (request) => getRequestLog(app.deps, currentUser(request), request.params.id),
  );
};
