import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import { notAuthenticated, permissionDenied, tokenNotValid } from '../lib/http-errors.ts';
import { verifyToken } from '../lib/jwt.ts';
import { findTokenUser, type TokenUserRow, type WithTokenUser } from './auth.repository.ts';

export interface AuthUser {
  id: number;
  role: 'user' | 'admin';
}

declare module 'fastify' {
  interface FastifyRequest {
    /** the caller when a valid access token was sent, else null */
    user: AuthUser | null;
  }
  interface FastifyContextConfig {
    /**
     * The route reads the caller's user in its own statement (`readWithSession`) instead of the auth hook
     * reading it first: one round trip where there were two (issue 29). Only for routes behind `requireAuth`.
     */
    sessionInRead?: boolean;
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

/** A token whose signature and claims hold, for a route whose read checks its user (`sessionInRead`). */
const pendingSession = Symbol('pendingSession');
type PendingSession = { userId: number; sessionVersion: number };
type WithPending = FastifyRequest & { [pendingSession]?: PendingSession };

/** The caller a token names, if its user exists, is active and has the token's session version; else null. */
function sessionUser(row: TokenUserRow | undefined, sessionVersion: number): AuthUser | null {
  if (!row || !row.is_active || row.session_version !== sessionVersion) return null;
  return { id: row.id, role: row.role };
}

/** `readWithSession` bound to a request: what a service takes to read a row with the caller's session. */
export type SessionRead = <O>(
  read: (userId: number) => Promise<WithTokenUser<O>>,
) => Promise<{ user: AuthUser; row: O | undefined }>;

/**
 * For a route with `config: { sessionInRead: true }` behind `requireAuth`: runs `read` for the token's user id,
 * a read that also returns that user (`withTokenUser`), then checks the user as the auth hook would have
 * (401 `token_not_valid` for a deleted or deactivated user or an ended session, whatever `read` found) and sets
 * `request.user`. The route's row is only returned once the caller is known, for its policy check.
 */
export async function readWithSession<O>(
  request: FastifyRequest,
  read: (userId: number) => Promise<WithTokenUser<O>>,
): Promise<{ user: AuthUser; row: O | undefined }> {
  const pending = (request as WithPending)[pendingSession];
  if (!pending) {
    // Checked by the hook already (a route without the flag), or no token: requireAuth has answered 401.
    const user = currentUser(request);
    return { user, row: (await read(user.id)).row };
  }
  const { tokenUser, row } = await read(pending.userId);
  const user = sessionUser(tokenUser, pending.sessionVersion);
  if (!user) throw tokenNotValid();
  delete (request as WithPending)[pendingSession];
  request.user = user;
  return { user, row };
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
    const sessionVersion = claims.sv ?? 0;
    if (request.routeOptions.config.sessionInRead) {
      (request as WithPending)[pendingSession] = { userId: Number(claims.sub), sessionVersion };
      return;
    }
    const user = sessionUser(await findTokenUser(app.db, Number(claims.sub)), sessionVersion);
    if (!user) {
      (request as unknown as Record<symbol, boolean>)[badToken] = true;
      return;
    }
    request.user = user;
  });
  const requireAuth = async (request: FastifyRequest) => {
    if (request.user || (request as WithPending)[pendingSession]) return;
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
