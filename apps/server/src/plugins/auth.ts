import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import { notAuthenticated, permissionDenied, tokenNotValid } from '../lib/http-errors.ts';
import { verifyToken } from '../lib/jwt.ts';
import { findTokenUser } from './auth.repository.ts';

export interface AuthUser {
  id: number;
  role: 'user' | 'admin';
}

declare module 'fastify' {
  interface FastifyRequest {
    /** the caller when a valid access token was sent, else null */
    user: AuthUser | null;
  }
  interface FastifyInstance {
    /** onRequest hook: 401 unless the request carries a valid access token */
    requireAuth: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** onRequest hook: 401 without token, 403 unless the caller is an admin */
    requireAdmin: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

/** The authenticated caller of a route guarded by `requireAuth`. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw notAuthenticated();
  return request.user;
}

/**
 * Reads `Authorization: Bearer <access token>` on every request. A bad token on a public route is
 * ignored (the caller is anonymous); guarded routes then answer 401 `token_not_valid`.
 * The role, active flag and session version come from the database, so a demotion, deactivation,
 * logout or password reset acts at once on tokens already issued.
 */
async function authPlugin(app: FastifyInstance, opts: { config: Config }) {
  app.decorateRequest('user', null);
  const badToken = Symbol('badToken');
  app.addHook('onRequest', async (request) => {
    const header = request.headers.authorization;
    if (!header) return;
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    const claims = match ? await verifyToken(opts.config.jwtSecret, match[1]!, 'access') : null;
    if (!claims) {
      (request as unknown as Record<symbol, boolean>)[badToken] = true;
      return;
    }
    const row = await findTokenUser(app.db, Number(claims.sub));
    if (!row || !row.is_active || row.session_version !== (claims.sv ?? 0)) {
      (request as unknown as Record<symbol, boolean>)[badToken] = true;
      return;
    }
    request.user = { id: row.id, role: row.role };
  });
  const requireAuth = async (request: FastifyRequest) => {
    if (request.user) return;
    if ((request as unknown as Record<symbol, boolean>)[badToken]) throw tokenNotValid();
    throw notAuthenticated();
  };
  app.decorate('requireAuth', requireAuth);
  app.decorate('requireAdmin', async (request: FastifyRequest) => {
    await requireAuth(request);
    if (request.user?.role !== 'admin') throw permissionDenied();
  });
}

export default fp(authPlugin, { name: 'auth', dependencies: ['db'] });
