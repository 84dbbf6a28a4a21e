import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import { notFound } from '../lib/http-errors.ts';

const API_PREFIXES = ['/api/', '/media/'];
const isApiPath = (url: string) => API_PREFIXES.some((p) => url === p.slice(0, -1) || url.startsWith(p));

/**
 * Serves the built web app: hashed assets with a year-long cache, everything else falls back to
 * `index.html` so the client router can answer (and show its own 404). Unknown API paths get JSON 404.
 */
async function webPlugin(app: FastifyInstance, opts: { config: Config }) {
  const root = opts.config.webDistDir;
  const indexPath = path.join(root, 'index.html');
  const hasBuild = existsSync(indexPath);
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root,
      // Looked up per request, so a rebuild is served without a restart.
      wildcard: true,
      index: false,
      cacheControl: false,
      setHeaders(reply, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        void reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
      },
    });
  }
  const sendIndex = (reply: FastifyReply) => {
    if (!hasBuild) {
      return reply
        .code(200)
        .type('text/html; charset=utf-8')
        .send('<!doctype html><title>Arbor</title><p>The web app is not built yet: run <code>npm run build</code>.</p>');
    }
    // Re-read so a rebuild is picked up without restart; the file is small.
    return reply.code(200).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(readFileSync(indexPath));
  };
  // The static handler would refuse the root directory; the app answers it.
  app.get('/', { schema: { hide: true } }, (_request, reply) => sendIndex(reply));
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    // A missing hashed asset (an old chunk after a deploy) must fail as a 404, never turn into the
    // HTML page: the client reloads once on a failed chunk.
    if (isApiPath(url) || url.startsWith('/assets/') || !['GET', 'HEAD'].includes(request.method)) throw notFound(`Not found: ${url}`);
    return sendIndex(reply);
  });
}

export default fp(webPlugin, { name: 'web' });
