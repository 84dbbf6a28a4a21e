import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Locale } from '@arbor/contract';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import { buildFileReader } from '../lib/build-file.ts';
import { notFound } from '../lib/http-errors.ts';
import { safeError } from '../lib/safe-error.ts';

const API_PREFIXES = ['/api/', '/media/'];
const isApiPath = (url: string) => API_PREFIXES.some((p) => url === p.slice(0, -1) || url.startsWith(p));

/** Files of the build a browser must never take from its HTTP cache without asking. */
const ALWAYS_REVALIDATED = new Set(['sw.js', 'manifest.webmanifest']);

interface RoutePreload {
  pattern: RegExp;
  links: string;
}

/**
 * The build's `route-preloads.json` (apps/web/vite.config.ts) as ready-made tags: per route pattern,
 * the modules its page needs beyond the first bundle.
 */
function routePreloads(file: string): (pathname: string) => string | null {
  const read = buildFileReader(
    file,
    (json) =>
      (json as { pattern: string; js: string[] }[]).map((r): RoutePreload => ({
        pattern: new RegExp(r.pattern),
        // Held back until the first paint with the app's own code (apps/web/index.html's head script).
        links: r.js.map((f) => `<link rel="x-arbor-modulepreload" href="/${f.replace(/[^\w./-]/g, '')}">`).join(''),
      })),
    [],
  );
  return (pathname) => read().find((r) => r.pattern.test(pathname))?.links || null;
}

/**
 * The build's `routes.json` (apps/web/vite.config.ts): whether the client router has a page of its own
 * for a path. Without the file (no build, an older build) every path counts as known.
 */
function knownRoutes(file: string): (pathname: string) => boolean {
  const read = buildFileReader<RegExp[] | null>(file, (json) => (json as string[]).map((p) => new RegExp(p)), null);
  return (pathname) => read()?.some((pattern) => pattern.test(pathname)) ?? true;
}

const LOCALE_COOKIE = /(?:^|;\s*)arbor_locale=([\w-]+)/;

/**
 * The landing page prerendered in the visitor's language (apps/web/vite/prerender-pages.ts), if the
 * build has it. The language comes from the cookie the web app keeps beside its stored choice, else
 * zh-CN, as the web app itself decides.
 */
function prerenderedPage(root: string, request: FastifyRequest): string | null {
  const pathname = request.url.split('?')[0] ?? '/';
  if (pathname !== '/') return null;
  const cookie = LOCALE_COOKIE.exec(String(request.headers.cookie ?? ''))?.[1];
  const locale = Locale.options.find((l) => l === cookie) ?? Locale.options[0];
  const file = path.join(root, 'prerendered', `index.${locale}.html`);
  return existsSync(file) ? file : null;
}

/**
 * Serves the built web app: hashed assets with a year-long cache, everything else falls back to
 * `index.html` so the client router can answer (and show its own 404, then with the 404 status).
 * Unknown API paths get JSON 404.
 */
async function webPlugin(app: FastifyInstance, opts: { config: Config }) {
  const root = opts.config.webDistDir;
  const indexPath = path.join(root, 'index.html');
  const hasBuild = existsSync(indexPath);
  const preloadsFor = routePreloads(path.join(root, 'route-preloads.json'));
  const isKnownRoute = knownRoutes(path.join(root, 'routes.json'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root,
      // Looked up per request, so a rebuild is served without a restart.
      wildcard: true,
      index: false,
      // The build writes `.br` and `.gz` next to each text asset (apps/web/vite.config.ts).
      preCompressed: true,
      cacheControl: false,
      setHeaders(reply, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        const name = path.basename(filePath).replace(/\.(br|gz)$/, '');
        // The service worker and the manifest are checked on every visit, so a new version is found at
        // once (the worker then waits for the user's "Reload", apps/web/src/features/offline).
        if (ALWAYS_REVALIDATED.has(name)) void reply.header('cache-control', 'no-cache');
        else
          void reply.header(
            'cache-control',
            immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
          );
        if (name === 'manifest.webmanifest')
          void reply.header('content-type', 'application/manifest+json; charset=utf-8');
      },
    });
  }
  const sendIndex = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!hasBuild) {
      return reply
        .code(200)
        .type('text/html; charset=utf-8')
        .send(
          '<!doctype html><title>Arbor</title><p>The web app is not built yet: run <code>npm run build</code>.</p>',
        );
    }
    // Re-read so a rebuild is picked up without restart; the file is small. Precompressed when the
    // build wrote the variants and the browser takes them. A path the client router has no page for
    // is answered with its 404 page and the 404 status.
    const pathname = request.url.split('?')[0] ?? '/';
    void reply
      .code(isKnownRoute(pathname) ? 200 : 404)
      .header('cache-control', 'no-cache')
      .header('vary', 'accept-encoding, cookie')
      .type('text/html; charset=utf-8');
    const prerendered = prerenderedPage(root, request);
    const page = prerendered ?? indexPath;
    // The page's own code is announced with the app's, so it downloads in parallel rather than after
    // the app has run and the router has asked for it (a prerendered page lists its own). The
    // compression plugin compresses this variant.
    const preloads = prerendered ? null : preloadsFor(pathname);
    // Modules' tags for this page (link previews of a template); a page without any is sent as built.
    const head = prerendered
      ? null
      : await app.pageHeads.for(pathname).catch((error: unknown) => {
          // The page itself must not fail with the preview tags: it is served without them.
          request.log.warn({ err: safeError(error) }, 'page head tags failed');
          return null;
        });
    if (preloads || head)
      return reply.send(readFileSync(page, 'utf8').replace('</head>', () => `${head ?? ''}${preloads ?? ''}</head>`));
    const accepts = String(request.headers['accept-encoding'] ?? '');
    for (const [encoding, suffix] of [
      ['br', '.br'],
      ['gzip', '.gz'],
    ] as const) {
      if (new RegExp(`\\b${encoding}\\b`).test(accepts) && existsSync(page + suffix)) {
        return reply.header('content-encoding', encoding).send(readFileSync(page + suffix));
      }
    }
    return reply.send(readFileSync(page));
  };
  // The static handler would refuse the root directory; the app answers it.
  app.get('/', { schema: { hide: true } }, (request, reply) => sendIndex(request, reply));
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    // A missing hashed asset (an old chunk after a deploy) must fail as a 404, never turn into the
    // HTML page: the client reloads once on a failed chunk.
    if (isApiPath(url) || url.startsWith('/assets/') || !['GET', 'HEAD'].includes(request.method))
      throw notFound(`Not found: ${url}`);
    return sendIndex(request, reply);
  });
}

export default fp(webPlugin, { name: 'web' });
