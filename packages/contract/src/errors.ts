import { z } from 'zod';

/** Stable machine codes of every error the API answers with (API.md "Conventions"). */
export const ErrorCode = z.enum([
  'invalid',
  'not_authenticated',
  'token_not_valid',
  'permission_denied',
  'not_found',
  'method_not_allowed',
  // 408: the request line and headers did not arrive in time (answered before any route runs).
  'request_timeout',
  'conflict',
  'precondition_failed',
  'payload_too_large',
  // 414 and 431: the request line, a path segment or the headers are over the server's limit.
  'request_too_large',
  'unsupported_media_type',
  'throttled',
  'captcha_required',
  'captcha_invalid',
  'code_invalid',
  'code_expired',
  // 400: the FSRS optimiser needs more of the caller's reviews (API.md "Memory on the tree").
  'not_enough_reviews',
  'ai_not_configured',
  'upstream_error',
  'service_unavailable',
  'insufficient_storage',
  'server_error',
]);
export type ErrorCode = z.infer<typeof ErrorCode>;

/** The one error shape: `{detail, code, fields?}`. */
export const ErrorBody = z
  .object({
    detail: z.string(),
    code: ErrorCode,
    fields: z.record(z.string(), z.array(z.string())).optional(),
  })
  .meta({ id: 'Error' });
export type ErrorBody = z.infer<typeof ErrorBody>;
