import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Text bodies worth compressing; images, archives and streams are sent as they are. */
const COMPRESSIBLE = /^(application\/(json|problem\+json|javascript|xml|yaml|x-yaml)|text\/|image\/svg\+xml)/i;
/** Below this a compressed body saves less than the work and the header cost. */
const MIN_BYTES = 1024;

/** The encoding to use for an `Accept-Encoding` header: brotli, else gzip, honouring `q=0`. */
export function pickEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  const accepted = new Set<string>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (name && !(q && Number(q.slice(2)) === 0)) accepted.add(name);
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return null;
}

function addVary(reply: FastifyReply) {
  const vary = String(reply.getHeader('vary') ?? '');
  if (!/\baccept-encoding\b/i.test(vary))
    void reply.header('vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
}

/**
 * Compresses API answers (JSON above 1 KB: a tree document, a template's snapshot) with brotli or
 * gzip, off the event loop's critical path (zlib's thread pool). The web app's files are compressed
 * at build time instead (plugins/web.ts), and hijacked replies (server-sent events) never get here.
 */
async function compressionPlugin(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method === 'HEAD' || reply.getHeader('content-encoding')) return payload;
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    if (!COMPRESSIBLE.test(String(reply.getHeader('content-type') ?? ''))) return payload;
    const size = Buffer.byteLength(payload);
    if (size < MIN_BYTES) return payload;
    addVary(reply);
    const encoding = pickEncoding(request.headers['accept-encoding']);
    if (!encoding) return payload;
    // Brotli at quality 4 is about as fast as gzip 6 and a fifth smaller; 11 is for build time only.
    const body =
      encoding === 'br'
        ? await brotli(payload, {
            params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: size },
          })
        : await gzip(payload, { level: 6 });
    void reply.header('content-encoding', encoding);
    reply.removeHeader('content-length');
    return body;
  });
}

export default fp(compressionPlugin, { name: 'compression' });
