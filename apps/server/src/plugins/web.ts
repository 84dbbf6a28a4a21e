import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Locale } from '@arbor/contract';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import { buildFileReader } from '../lib/build-file.ts';
import { notFound } from '../lib/http-errors.ts';
import { safeError } from '../lib/safe-error.ts';
import { isKnownTimezone } from '../lib/time-zones.ts';

const API_PREFIXES = ['/api/', '/media/'];
const isApiPath = (url: string) => API_PREFIXES.some((p) => url === p.slice(0, -1) || url.startsWith(p));

/** Files of the build a browser must never take from its HTTP cache without asking. */
const ALWAYS_REVALIDATED = new Set(['sw.js', 'manifest.webmanifest']);

interface RoutePreload {
  pattern: RegExp;
  links: string;
  assets: { js: string[]; css: string[] };
}

/**
 * The build's `route-preloads.json` (apps/web/vite.config.ts): per route pattern, the modules and stylesheets its
 * page needs beyond the first bundle, and the modules as ready-made tags.
 */
function routePreloads(file: string): (pathname: string) => RoutePreload | null {
  const read = buildFileReader(
    file,
    (json) =>
      (json as { pattern: string; js: string[]; css?: string[] }[]).map((r): RoutePreload => ({
        pattern: new RegExp(r.pattern),
        // Held back until the first paint with the app's own code (apps/web/index.html's head script).
        links: r.js.map((f) => `<link rel="x-arbor-modulepreload" href="/${f.replace(/[^\w./-]/g, '')}">`).join(''),
        assets: { js: r.js, css: r.css ?? [] },
      })),
    [],
  );
  return (pathname) => read().find((r) => r.pattern.test(pathname)) ?? null;
}

/** The web build's renderer of signed-in pages (apps/web/src/server-render.tsx). */
interface SignedInRenderer {
  rendersSignedIn(path: string, viewportWidth?: number): boolean;
  renderSignedInDocument(request: {
    url: string;
    locale: string;
    viewportWidth?: number;
    zoneOffset?: number;
    zoneName?: string;
    transport: (url: string, init: RequestInit) => Promise<Response>;
    index: string;
    assets: { js: string[]; css: string[] };
  }): Promise<string>;
}

/** The folder of the build that holds it (apps/web/vite/prerender-pages.ts `SERVER_RENDER_DIR`); never served. */
const SERVER_RENDER_DIR = '_server';

/**
 * The renderer of the build on disk, or null while there is none or it is still loading: the first page that
 * wants it starts loading it (again after a rebuild) and goes out plain. A server no signed-in visitor reaches
 * never loads it (its start-up time and memory stay as they were).
 */
function signedInRenderer(root: string, log: FastifyInstance['log']): () => SignedInRenderer | null {
  const file = path.join(root, SERVER_RENDER_DIR, 'server-render.mjs');
  let loaded: { version: number; renderer: SignedInRenderer | null } | null = null;
  return () => {
    const version = existsSync(file) ? statSync(file).mtimeMs : 0;
    if (!version) return null;
    if (loaded?.version !== version) {
      const loading = { version, renderer: null as SignedInRenderer | null };
      loaded = loading;
      (import(`${pathToFileURL(file).href}?v=${version}`) as Promise<SignedInRenderer>).then(
        (renderer) => void (loading.renderer = renderer),
        (error: unknown) => log.error({ err: safeError(error) }, 'the signed-in page renderer did not load'),
      );
    }
    return loaded.renderer;
  };
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
const VIEWPORT_COOKIE = /(?:^|;\s*)arbor_viewport=(\d{3,5})(?:;|$)/;

/** The width of the visitor's window, as the web app keeps it in a cookie (apps/web/src/lib/viewport.ts), if sane. */
function viewportWidthOf(request: FastifyRequest): number | undefined {
  const width = Number(VIEWPORT_COOKIE.exec(String(request.headers.cookie ?? ''))?.[1]);
  return width >= 200 && width <= 10_000 ? width : undefined;
}

const ZONE_COOKIE = /(?:^|;\s*)arbor_zone=(-?\d{1,3})(?:~([\w%+-]{0,100}))?(?:;|$)/;

/**
 * The visitor's time zone as the web app keeps it (apps/web/src/lib/medium-date.ts), if sane: the offset from UTC
 * in minutes east now, and the zone's IANA name where the browser has said it.
 */
function zoneOf(request: FastifyRequest): { zoneOffset?: number; zoneName?: string } {
  const match = ZONE_COOKIE.exec(String(request.headers.cookie ?? ''));
  const minutes = Number(match?.[1]);
  if (!match || !(minutes >= -720 && minutes <= 840)) return {};
  let name: string | undefined;
  try {
    name = match[2] === undefined ? undefined : decodeURIComponent(match[2]);
  } catch {
    name = undefined;
  }
  return name && /^[\w+\-/]+$/.test(name) && isKnownTimezone(name)
    ? { zoneOffset: minutes, zoneName: name }
    : { zoneOffset: minutes };
}

/** The visitor's language: the cookie the web app keeps beside its stored choice, else zh-CN, as the web app decides. */
function localeOf(request: FastifyRequest): string {
  const cookie = LOCALE_COOKIE.exec(String(request.headers.cookie ?? ''))?.[1];
  return Locale.options.find((l) => l === cookie) ?? Locale.options[0]!;
}

/**
 * The landing page prerendered in the visitor's language (apps/web/vite/prerender-pages.ts), if the
 * build has it. The language comes from the cookie the web app keeps beside its stored choice, else
 * zh-CN, as the web app itself decides.
 */
function prerenderedPage(root: string, request: FastifyRequest): string | null {
  const pathname = request.url.split('?')[0] ?? '/';
  if (pathname !== '/') return null;
  const file = path.join(root, 'prerendered', `index.${localeOf(request)}.html`);
  return existsSync(file) ? file : null;
}

/**
 * Serves the built web app: hashed assets with a year-long cache, everything else falls back to
 * `index.html` so the client router can answer (and show its own 404, then with the 404 status).
 * Unknown API paths get JSON 404.
 */
async function webPlugin(
  app: FastifyInstance,
  opts: {
    config: Config;
    /** the accounts module's page session: is there a cookie, and whom does it name while its session lasts */
    pageSession: {
      present: (request: FastifyRequest) => boolean;
      viewer: (request: FastifyRequest) => Promise<{ accessToken: string } | null>;
    };
  },
) {
  const root = opts.config.webDistDir;
  const indexPath = path.join(root, 'index.html');
  const hasBuild = existsSync(indexPath);
  const preloadsFor = routePreloads(path.join(root, 'route-preloads.json'));
  const isKnownRoute = knownRoutes(path.join(root, 'routes.json'));
  const renderer = signedInRenderer(root, app.log);

  /**
   * The page drawn for the signed-in visitor its page-session cookie names (accounts' page session), for a route
   * the web app has the server draw; null otherwise, or when it cannot be drawn (the plain page goes out).
   */
  const signedInPage = async (request: FastifyRequest, pathname: string): Promise<string | null> => {
    if (!opts.pageSession.present(request)) return null;
    const render = renderer();
    const viewportWidth = viewportWidthOf(request);
    if (!render?.rendersSignedIn(pathname, viewportWidth)) return null;
    const viewer = await opts.pageSession.viewer(request);
    if (!viewer) return null;
    // The page's reads go through the API in this process, as the visitor.
    const transport = async (url: string, init: RequestInit) => {
      const answer = await app.inject({
        method: (init.method ?? 'GET') as 'GET',
        url,
        headers: {
          ...(init.headers as Record<string, string>),
          authorization: `Bearer ${viewer.accessToken}`,
          host: request.headers.host ?? 'localhost',
        },
        ...(typeof init.body === 'string' ? { payload: init.body } : {}),
      });
      const headers = new Headers();
      for (const [name, value] of Object.entries(answer.headers))
        if (typeof value === 'string' || typeof value === 'number') headers.set(name, String(value));
      const body = answer.statusCode === 204 || answer.statusCode === 304 ? null : answer.rawPayload;
      return new Response(body, { status: answer.statusCode, headers });
    };
    try {
      return await render.renderSignedInDocument({
        url: request.url,
        locale: localeOf(request),
        viewportWidth,
        ...zoneOf(request),
        transport,
        index: readFileSync(indexPath, 'utf8'),
        assets: preloadsFor(pathname)?.assets ?? { js: [], css: [] },
      });
    } catch (error) {
      request.log.warn({ err: safeError(error) }, 'the signed-in page could not be drawn; the plain page went out');
      return null;
    }
  };
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root,
      // Looked up per request, so a rebuild is served without a restart.
      wildcard: true,
      index: false,
      // The server's own renderer is part of the build, not of the site.
      allowedPath: (pathName) => !pathName.startsWith(`/${SERVER_RENDER_DIR}/`),
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
    const signedIn = prerendered ? null : await signedInPage(request, pathname);
    // Drawn for one person: no shared cache may keep it.
    if (signedIn) return reply.header('cache-control', 'private, no-cache').send(signedIn);
    const page = prerendered ?? indexPath;
    // The page's own code is announced with the app's, so it downloads in parallel rather than after
    // the app has run and the router has asked for it (a prerendered page lists its own). The
    // compression plugin compresses this variant.
    const preloads = prerendered ? null : (preloadsFor(pathname)?.links ?? null);
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
