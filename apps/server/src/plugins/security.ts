import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import path from 'node:path';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import { buildFileReader } from '../lib/build-file.ts';
import { invalid } from '../lib/http-errors.ts';

const NUL_MESSAGE = 'Null characters are not allowed.';

/**
 * Where the first string containing a NUL character sits in a parsed value (`title`,
 * `data.nodes.3.title`), or null. Iterative, so a deeply nested value cannot overflow the stack.
 */
export function nullCharacterPath(value: unknown): string | null {
  const stack: Array<[unknown, string]> = [[value, '']];
  while (stack.length) {
    const [current, path] = stack.pop()!;
    if (typeof current === 'string') {
      if (current.includes('\u0000')) return path || 'non_field_errors';
    } else if (current && typeof current === 'object') {
      for (const [key, child] of Object.entries(current)) {
        if (key.includes('\u0000')) return path ? `${path}.${key.replaceAll('\u0000', '')}` : 'non_field_errors';
        stack.push([child, path ? `${path}.${key}` : key]);
      }
    }
  }
  return null;
}

/**
 * Security headers on every response (CSP, nosniff, frame denial, referrer policy) and CORS closed
 * unless `CORS_ORIGINS` lists an origin. The interactive API docs get a CSP that lets Swagger UI run.
 * NUL characters in a JSON body, the query or the path are refused with 400 (as DRF's CharField
 * does): PostgreSQL text cannot hold them, so they used to fail deep in a query with a 500.
 */
async function securityPlugin(app: FastifyInstance, opts: { config: Config }) {
  app.addHook('preValidation', async (request) => {
    for (const part of [request.params, request.query, request.body]) {
      const field = nullCharacterPath(part);
      if (field) throw invalid(NUL_MESSAGE, { [field]: [NUL_MESSAGE] });
    }
  });
  // The page's one inline script (colour scheme before the first paint) is allowed by its hash,
  // which the web build writes to csp.json (apps/web/vite/prerender-pages.ts).
  const inlineScriptHashes = buildFileReader(
    path.join(opts.config.webDistDir, 'csp.json'),
    (json) =>
      ((json as { scriptHashes?: unknown }).scriptHashes as unknown[]).filter(
        (h): h is string => typeof h === 'string' && /^'sha256-[\w+/=]+'$/.test(h),
      ),
    [],
  );
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        scriptSrc: ["'self'", () => inlineScriptHashes().join(' ')],
        // Mantine and React Flow set inline style attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...(opts.config.iconApiUrl ? [new URL(opts.config.iconApiUrl).origin] : [])],
        // The captcha widget solves proof-of-work in a worker built from a blob.
        workerSrc: ["'self'", 'blob:'],
        manifestSrc: ["'self'"],
      },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: opts.config.publicBaseUrl.startsWith('https:'),
  });
  await app.register(cors, {
    origin: opts.config.corsOrigins.length ? opts.config.corsOrigins : false,
    credentials: false,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    exposedHeaders: ['ETag', 'Retry-After'],
  });
}

export default fp(securityPlugin, { name: 'security' });
