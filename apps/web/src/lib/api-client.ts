import type { ErrorBody } from '@arbor/contract';
import { currentLocale } from './i18n.ts';
import { tokenStore } from './token-store.ts';

/** A non-2xx answer: the status and the parsed error body (`{detail, code, fields?}`). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ErrorBody & Record<string, unknown>,
    readonly headers?: Headers,
  ) {
    super(body.detail);
  }
  get code() {
    return this.body.code;
  }
  get fields() {
    return this.body.fields ?? {};
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** JSON-serialised unless it is FormData */
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined | null>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** send the bearer token and refresh it on 401 (default true) */
  auth?: boolean;
  /** the browser's fetch priority; long-lived streams ask for `low` */
  priority?: RequestPriority;
}

let refreshing: Promise<boolean> | null = null;

/** Sends one request: the browser's `fetch`, or what the server's renderer of signed-in pages puts in its place. */
export type ApiTransport = (url: string, init: RequestInit) => Promise<Response>;
let transport: ApiTransport = (url, init) => fetch(url, init);

/**
 * Sends every request through `next` until the returned function restores the previous transport: the server
 * renders a signed-in page with its own answers (`server-render.tsx`), one page at a time.
 */
export function setApiTransport(next: ApiTransport): () => void {
  const previous = transport;
  transport = next;
  return () => {
    transport = previous;
  };
}
const sessionEndedListeners = new Set<() => void>();
const recoveredListeners = new Set<() => void>();

/** Called when the refresh token is no longer accepted: the session is over. */
export function onSessionEnded(listener: () => void): () => void {
  sessionEndedListeners.add(listener);
  return () => sessionEndedListeners.delete(listener);
}

/**
 * Called after a request was refused for its access token and the tokens were refreshed: answers
 * read meanwhile from public endpoints, which take a rejected token for a visitor, are a visitor's
 * (no abilities, no rating of one's own), so whatever was read signed in must be read again.
 */
export function onSessionRecovered(listener: () => void): () => void {
  recoveredListeners.add(listener);
  return () => recoveredListeners.delete(listener);
}

/**
 * Whether an access token is expired or about to be, by its own `exp` (read, not verified: the
 * server verifies). A margin of a tenth of its lifetime, at most 30 s, covers the trip to the server
 * and a client clock slightly behind. A token without `exp` or not readable is left to the server.
 */
export function accessTokenExpiring(token: string, now: number): boolean {
  try {
    const part = token.split('.')[1] ?? '';
    const claims = JSON.parse(atob(part.replace(/-/g, '+').replace(/_/g, '/'))) as { exp?: unknown; iat?: unknown };
    if (typeof claims.exp !== 'number') return false;
    const lifetime = typeof claims.iat === 'number' ? claims.exp - claims.iat : 300;
    const margin = Math.min(30, Math.max(0, lifetime) / 10);
    return (claims.exp - margin) * 1000 <= now;
  } catch {
    return false;
  }
}

/** One shared refresh for every request that hit a 401 (or found its token expiring) at the same time. */
function refreshTokens(): Promise<boolean> {
  refreshing ??= (async () => {
    const { refreshToken } = tokenStore.get();
    if (!refreshToken) return false;
    try {
      const res = await fetch('/api/token/refresh/', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'accept-language': currentLocale() },
        body: JSON.stringify({ refresh: refreshToken }),
      });
      if (!res.ok) return false;
      const data = (await res.json()) as { access: string; refresh?: string };
      tokenStore.set({ accessToken: data.access, refreshToken: data.refresh ?? refreshToken });
      return true;
    } catch {
      return false;
    }
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

/** Where the API's learning calls live: the only ones that read the browser's time zone. */
const LEARNING_PATH = '/api/learn/';

/** The browser's IANA time zone (`Asia/Shanghai`), or '' where the runtime does not say. */
export function browserTimezone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone ?? '';
  } catch {
    return '';
  }
}

function buildUrl(path: string, query?: RequestOptions['query']): string {
  const url = new URL(path, typeof window === 'undefined' ? 'http://arbor.local' : window.location.origin);
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') url.searchParams.set(key, String(value));
  }
  return url.pathname + url.search;
}

/** Sends a request with the bearer token; a 401 triggers one shared refresh and one retry. Returns the raw Response. */
export async function apiRaw(path: string, options: RequestOptions = {}): Promise<Response> {
  const { method = 'GET', body, query, signal, auth = true, priority } = options;
  const send = () => {
    const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
    const token = tokenStore.get().accessToken;
    if (auth && token) headers.authorization = `Bearer ${token}`;
    let payload: BodyInit | undefined;
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    // API.md "Conventions": the server answers messages (`detail`, `fields`) in this language
    headers['accept-language'] = currentLocale();
    // The learner's days start in the browser's time zone on their first use of learning (issue 28).
    // Only learning reads it: the first Intl.DateTimeFormat of a page costs 25–80 ms on this machine.
    const zone = path.startsWith(LEARNING_PATH) ? browserTimezone() : '';
    if (zone) headers['x-timezone'] = zone;
    return transport(buildUrl(path, query), {
      method,
      headers,
      body: payload,
      signal,
      ...(priority ? { priority } : {}),
    });
  };
  // A returning visitor's token has expired: refresh it first, so that no endpoint, public ones
  // included, answers this signed-in user as a visitor (issue 28: the template page looked logged out).
  const { accessToken, refreshToken } = tokenStore.get();
  if (auth && accessToken && refreshToken && accessTokenExpiring(accessToken, Date.now())) await refreshTokens();
  let res = await send();
  if (res.status === 401 && auth && tokenStore.get().refreshToken) {
    if (await refreshTokens()) {
      res = await send();
      recoveredListeners.forEach((l) => l());
    } else if (tokenStore.get().refreshToken) {
      // (tokens already gone: a logout finished while the refresh was out, and nothing else ended)
      tokenStore.clear();
      sessionEndedListeners.forEach((l) => l());
    }
  }
  return res;
}

async function toApiError(res: Response): Promise<ApiError> {
  let body: ErrorBody & Record<string, unknown>;
  try {
    body = (await res.json()) as ErrorBody & Record<string, unknown>;
    if (typeof body?.detail !== 'string') throw new Error('not an error body');
  } catch {
    body = { detail: res.statusText || `HTTP ${res.status}`, code: res.status >= 500 ? 'server_error' : 'invalid' };
  }
  return new ApiError(res.status, body, res.headers);
}

/** JSON request → parsed JSON answer (undefined for 204); throws ApiError on any non-2xx. */
export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  let res: Response;
  try {
    res = await apiRaw(path, options);
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, { detail: 'Network error', code: 'service_unavailable' });
  }
  if (!res.ok) throw await toApiError(res);
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** Like `api`, but also returns the response headers (ETag and friends). */
export async function apiWithHeaders<T>(
  path: string,
  options: RequestOptions = {},
): Promise<{ data: T; headers: Headers }> {
  const res = await apiRaw(path, options);
  if (!res.ok) throw await toApiError(res);
  return { data: (res.status === 204 ? undefined : await res.json()) as T, headers: res.headers };
}
