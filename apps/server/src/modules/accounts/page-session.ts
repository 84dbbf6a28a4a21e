import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Deps } from '../../deps.ts';
import { signToken, verifyToken } from '../../lib/jwt.ts';
import { findTokenUser } from '../../plugins/auth.repository.ts';
import { familyIsLive } from './tokens.repository.ts';

/**
 * The page session: an HttpOnly cookie beside the JWT pair, so the server can draw a signed-in page before the
 * app's code runs (apps/web/src/server-render.tsx). It names the user, the session version and the refresh
 * family of the login it came with, lives as long as that refresh token, and is only ever read to render pages:
 * the API takes nothing but the bearer token. It ends with its session: a logout (the family revoked), a password
 * change or reset (the session version moves on), a deactivation.
 */
export const PAGE_SESSION_COOKIE = 'arbor_page';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** the route ends the page session (logout) */
    endsPageSession?: boolean;
  }
}

const COOKIE = new RegExp(`(?:^|;\\s*)${PAGE_SESSION_COOKIE}=([\\w.-]+)`);

const cookieAttributes = (request: FastifyRequest, maxAgeS: number) =>
  `Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAgeS}${request.protocol === 'https' ? '; Secure' : ''}`;

/** What the cookie is made from: the token pair a login, sign-up or refresh answered. */
async function pageTokenFor(deps: Deps, pair: { access?: unknown; refresh?: unknown }) {
  if (typeof pair.access !== 'string' || typeof pair.refresh !== 'string') return null;
  const secret = deps.config.jwtSecret;
  const [access, refresh] = await Promise.all([
    verifyToken(secret, pair.access, 'access'),
    verifyToken(secret, pair.refresh, 'refresh'),
  ]);
  if (!access || !refresh?.fam || access.sub !== refresh.sub) return null;
  const ttlS = refresh.exp - Math.floor(deps.clock.nowMs() / 1000);
  if (ttlS <= 0) return null;
  const page = await signToken(secret, 'page', Number(refresh.sub), ttlS, { fam: refresh.fam, sv: access.sv ?? 0 });
  return { token: page.token, ttlS };
}

/**
 * onSend hook for the accounts routes: an answer carrying a new token pair sets the page session to it, a logout
 * ends it. The answer itself is left as it is.
 */
export function pageSessionHook(deps: Deps) {
  return async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (request.routeOptions.config.endsPageSession) {
      void reply.header('set-cookie', `${PAGE_SESSION_COOKIE}=; ${cookieAttributes(request, 0)}`);
      return payload;
    }
    if (
      (reply.statusCode !== 200 && reply.statusCode !== 201) ||
      typeof payload !== 'string' ||
      !payload.includes('"refresh"')
    )
      return payload;
    let answer: { access?: unknown; refresh?: unknown };
    try {
      answer = JSON.parse(payload) as typeof answer;
    } catch {
      return payload;
    }
    const page = await pageTokenFor(deps, answer);
    if (page)
      void reply.header('set-cookie', `${PAGE_SESSION_COOKIE}=${page.token}; ${cookieAttributes(request, page.ttlS)}`);
    return payload;
  };
}

/** Whether a request carries a page-session cookie at all (checked before anything is read for it). */
export const hasPageSessionCookie = (request: FastifyRequest): boolean =>
  COOKIE.test(String(request.headers.cookie ?? ''));

/**
 * The signed-in user a page request's cookie names, with a short access token to read the page's data as them;
 * null without a cookie, or when its session has ended.
 */
export async function pageViewer(deps: Deps, request: FastifyRequest): Promise<{ accessToken: string } | null> {
  const cookie = COOKIE.exec(String(request.headers.cookie ?? ''))?.[1];
  if (!cookie) return null;
  const claims = await verifyToken(deps.config.jwtSecret, cookie, 'page');
  if (!claims?.fam) return null;
  const userId = Number(claims.sub);
  const [user, live] = await Promise.all([
    findTokenUser(deps.db, userId),
    familyIsLive(deps.db, claims.fam, deps.clock.nowIso()),
  ]);
  const sessionVersion = claims.sv ?? 0;
  if (!live || !user?.is_active || user.session_version !== sessionVersion) return null;
  const access = await signToken(deps.config.jwtSecret, 'access', userId, PAGE_READ_TTL_S, { sv: sessionVersion });
  return { accessToken: access.token };
}

/** The page's reads happen as it is drawn, within a second or two. */
const PAGE_READ_TTL_S = 60;
