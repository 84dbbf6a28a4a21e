import cors from '@fastify/cors';
import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';
import path from 'node:path';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import { buildFileReader } from '../lib/build-file.ts';
import { invalid } from '../lib/http-errors.ts';

const NUL_MESSAGE = 'Null characters are not allowed.';
const SURROGATE_MESSAGE = 'Text must be valid Unicode: a lone UTF-16 surrogate is not allowed.';

/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why a string cannot be stored as text, or null when it can. */
function textProblem(text: string): string | null {
  if (text.includes('\u0000')) return NUL_MESSAGE;
  if (LONE_SURROGATE.test(text)) return SURROGATE_MESSAGE;
  return null;
}

/** A key as it may appear in a field path: without the characters that made it refused. */
const printableKey = (key: string) => key.replaceAll('\u0000', '').replace(new RegExp(LONE_SURROGATE, 'g'), '');

/**
 * Where the first string that cannot be stored as text sits in a parsed value (`title`,
 * `data.nodes.3.title`) and why, or null. Iterative, so a deeply nested value cannot overflow the stack.
 */
export function badTextPath(value: unknown): { field: string; message: string } | null {
  const stack: Array<[unknown, string]> = [[value, '']];
  while (stack.length) {
    const [current, path] = stack.pop()!;
    if (typeof current === 'string') {
      const message = textProblem(current);
      if (message) return { field: path || 'non_field_errors', message };
    } else if (current && typeof current === 'object') {
      for (const [key, child] of Object.entries(current)) {
        const message = textProblem(key);
        if (message) return { field: path ? `${path}.${printableKey(key)}` : 'non_field_errors', message };
        stack.push([child, path ? `${path}.${key}` : key]);
      }
    }
  }
  return null;
}

/**
 * Security headers on every response (CSP, nosniff, frame denial but on `/embed/`, referrer policy) and CORS closed
 * unless `CORS_ORIGINS` lists an origin. The interactive API docs get a CSP that lets Swagger UI run.
 * NUL characters in a JSON body, the query or the path are refused with 400 (as DRF's CharField
 * does): PostgreSQL text cannot hold them, so they used to fail deep in a query with a 500. Lone
 * UTF-16 surrogates (`"\ud800"` in JSON) are refused the same way, in every field: stored, they
 * became three U+FFFD in some columns and stayed raw in others (API.md "Conventions").
 */
async function securityPlugin(app: FastifyInstance, opts: { config: Config }) {
  app.addHook('preValidation', async (request) => {
    for (const part of [request.params, request.query, request.body]) {
      const found = badTextPath(part);
      if (found) throw invalid(found.message, { [found.field]: [found.message] });
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
  // Built once: @fastify/helmet built helmet's middleware again for every request (parsing the CSP
  // directives each time, a few per cent of a small read's work); the script hashes are still read per
  // answer through the directive's function.
  const securityHeaders = helmet({
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
  app.addHook('onRequest', (request, reply, done) => {
    securityHeaders(request.raw, reply.raw, () => done());
  });
  // Embed pages are made to sit in other sites' frames: any ancestor may frame `/embed/…`, and only
  // that path (every other page keeps frame-ancestors 'none' and X-Frame-Options: DENY).
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/embed/')) return;
    const policy = reply.getHeader('content-security-policy');
    if (typeof policy === 'string')
      reply.header('content-security-policy', policy.replace("frame-ancestors 'none'", 'frame-ancestors *'));
    reply.removeHeader('x-frame-options');
  });
  await app.register(cors, {
    origin: opts.config.corsOrigins.length ? opts.config.corsOrigins : false,
    credentials: false,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    exposedHeaders: ['ETag', 'Retry-After'],
  });
}

export default fp(securityPlugin, { name: 'security' });
