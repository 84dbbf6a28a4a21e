import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { TestUser } from './test-app.ts';

export type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS';

export interface CallOptions {
  /** sent over the caller's `authorization` (a content type, `accept-language`, a forged token…) */
  headers?: Record<string, string>;
  /** the client's address, for per-network limits */
  remoteAddress?: string;
}

/**
 * The one way server tests call the API: `app.inject` as `who` (anonymous when null or undefined), with
 * `payload` when one is given (an object goes as JSON; a string or Buffer as it is) and any extra headers.
 */
export function call(
  app: FastifyInstance,
  who: TestUser | null | undefined,
  method: HttpMethod,
  url: string,
  payload?: InjectOptions['payload'],
  options: CallOptions = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method,
    url,
    headers: { ...who?.headers, ...options.headers },
    ...(payload === undefined ? {} : { payload }),
    ...(options.remoteAddress === undefined ? {} : { remoteAddress: options.remoteAddress }),
  });
}

/** `call` bound to one app: `(who, method, url, payload?, options?)`. */
export type Caller = (
  who: TestUser | null | undefined,
  method: HttpMethod,
  url: string,
  payload?: InjectOptions['payload'],
  options?: CallOptions,
) => Promise<LightMyRequestResponse>;

/** `call` bound to `app`, for a test file that calls one app throughout. */
export const callerOf =
  (app: FastifyInstance): Caller =>
  (who, method, url, payload, options) =>
    call(app, who, method, url, payload, options);
