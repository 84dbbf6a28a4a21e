import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import { openDatabase, type DatabaseHandle } from './db/connection.ts';
import { migrateToLatest } from './db/migrate.ts';
import type { Deps } from './deps.ts';
import { systemClock, type Clock } from './lib/clock.ts';
import { DomainEvents } from './lib/events/events.ts';
import { createJobs } from './lib/jobs/create-jobs.ts';
import { PageHeads } from './lib/page-heads.ts';
import { createStorage } from './lib/storage/create-storage.ts';
import type { Storage } from './lib/storage/storage.ts';
import { createCommunityCaches } from './modules/shares/index.ts';
import { createLearningCaches, createSubjectAssignmentsRuntime } from './modules/learning/index.ts';
import { createTreesCaches } from './modules/trees/index.ts';
import { registerModules } from './modules/index.ts';
import { createAiProvidersRuntime } from './modules/ai/index.ts';
import { hasPageSessionCookie, pageViewer } from './modules/accounts/index.ts';
import { createNotificationsRuntime } from './modules/notifications/index.ts';
import authPlugin from './plugins/auth.ts';
import compressionPlugin from './plugins/compression.ts';
import dbPlugin from './plugins/db.ts';
import devOutboxPlugin from './plugins/dev-outbox.ts';
import earlyErrorsPlugin, { clientErrorHandler, frameworkErrors } from './plugins/early-errors.ts';
import errorsPlugin from './plugins/errors.ts';
import openapiPlugin from './plugins/openapi.ts';
import securityPlugin from './plugins/security.ts';
import webPlugin from './plugins/web.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    storage: Storage;
    /** what services are handed: built once here, the same object for every route */
    deps: Deps;
    /** tags modules add to the head of the web app's pages (plugins/web.ts serves them) */
    pageHeads: PageHeads;
  }
}

export interface BuildOptions {
  /** an already open database (tests share one per file); otherwise opened from config */
  database?: DatabaseHandle;
  /** run migrations before serving (default true) */
  migrate?: boolean;
  logger?: boolean;
  /** extra routes mounted before the web fallback (tests of the plugins use it) */
  extraRoutes?: (app: FastifyInstance) => Promise<void>;
  /** sees every route as it is added, plugins' included (the OpenAPI coverage test walks them) */
  onRoute?: (route: RouteOptions) => void;
  /** the time the services read (default the system clock; tests hand in a fixed or advancing one) */
  clock?: Clock;
  /** PostgreSQL's job queue: seconds before a failed job's first retry (tests: 0), how often workers poll */
  jobs?: { retryDelaySeconds?: number; pollingIntervalSeconds?: number };
}

const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.password',
  '*.new_password',
  '*.api_key',
  '*.refresh',
  '*.access',
  '*.token',
];

/** Builds the whole Arbor server (API + web app) for a config; tests call it with a temporary database. */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      options.logger === false || config.logLevel === 'silent'
        ? false
        : {
            level: config.logLevel,
            redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
            serializers: {
              // Never log query strings (they may carry one-time codes or emails) nor bodies.
              req: (req: { method: string; url: string; id: string }) => ({
                method: req.method,
                path: req.url.split('?')[0],
                id: req.id,
              }),
            },
          },
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{8,64}$/.test(given) ? given : randomUUID();
    },
    requestIdHeader: false,
    trustProxy: config.trustProxy,
    bodyLimit: config.limits.treeMaxBytes + 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true, ignoreDuplicateSlashes: true, maxParamLength: 200 },
    forceCloseConnections: 'idle',
    // Errors raised before a route runs answer in the error shape (plugins/early-errors.ts), which
    // also takes over the Host check and the 503 while draining from Node and Fastify.
    clientErrorHandler,
    frameworkErrors,
    return503OnClosing: false,
    http: { requireHostHeader: false },
  });
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  // A request without a body arrives as `null`; optional body schemas mean "may be absent".
  app.setValidatorCompiler((route) => {
    const validate = validatorCompiler(route as Parameters<typeof validatorCompiler>[0]);
    return route.httpPart === 'body' ? (data: unknown) => validate(data ?? undefined) : validate;
  });
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    void reply.header('x-request-id', request.id);
  });

  const handle = options.database ?? openDatabase(config.databaseUrl, config.databasePool);
  if (options.migrate !== false) await migrateToLatest(handle.db);

  const storage = createStorage(config);
  const log = app.log;
  const deps: Deps = {
    db: handle.db,
    dialect: handle.dialect,
    storage,
    config,
    log,
    events: new DomainEvents(app.log),
    jobs: createJobs(handle.dialect, config.databaseUrl, app.log, options.jobs),
    clock: options.clock ?? systemClock,
    caches: { community: createCommunityCaches(), learning: createLearningCaches(), trees: createTreesCaches() },
    runtime: {
      notifications: createNotificationsRuntime({ db: handle.db, config, dialect: handle.dialect, log }),
      subjectAssignments: createSubjectAssignmentsRuntime(),
      aiProviders: createAiProvidersRuntime(),
    },
  };
  app.decorate('config', config);
  app.decorate('storage', storage);
  app.decorate('deps', deps);
  // Queued jobs finish (and the PostgreSQL adapter's workers and pool stop) before the database closes.
  app.addHook('preClose', async () => deps.jobs.close());
  app.decorate('pageHeads', new PageHeads());
  await app.register(errorsPlugin);
  await app.register(compressionPlugin);
  await app.register(dbPlugin, { handle, ownsHandle: !options.database });
  await app.register(securityPlugin, { config });
  await app.register(earlyErrorsPlugin);
  await app.register(authPlugin, { config });
  await app.register(openapiPlugin);
  await registerModules(app);
  if (options.extraRoutes) await options.extraRoutes(app);
  await app.register(devOutboxPlugin);
  await app.register(webPlugin, {
    config,
    pageSession: { present: hasPageSessionCookie, viewer: (request) => pageViewer(deps, request) },
  });
  return app;
}
