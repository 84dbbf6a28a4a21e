import { AppError } from '../../lib/http-errors.ts';

/** 503: there is no active provider (or no model of the needed kind). */
export const aiNotConfigured = (detail = 'AI is not configured: an administrator must add and activate a provider.') =>
  new AppError(503, 'ai_not_configured', detail);

/** 502: the provider failed or answered something unusable; `detail` says what, readably. */
export const upstreamError = (detail: string) => new AppError(502, 'upstream_error', detail);
