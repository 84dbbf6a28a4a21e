import type { ErrorCode } from '@arbor/contract';

export type FieldErrors = Record<string, string[]>;

/** An error the API answers with as-is: status, stable code, human detail, optional field messages. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    readonly detail: string,
    readonly fields?: FieldErrors,
    /** extra top-level members of the error body, e.g. the current revision on a 412 */
    readonly extra?: Record<string, unknown>,
    readonly headers?: Record<string, string>,
  ) {
    super(detail);
  }
}

export const invalid = (detail: string, fields?: FieldErrors) => new AppError(400, 'invalid', detail, fields);
/** A single-field validation error: `{fields: {[field]: [message]}}`. */
export const invalidField = (field: string, message: string) =>
  new AppError(400, 'invalid', message, { [field]: [message] });
export const notAuthenticated = (detail = 'Authentication credentials were not provided.') =>
  new AppError(401, 'not_authenticated', detail);
export const tokenNotValid = (detail = 'Given token not valid for any token type') =>
  new AppError(401, 'token_not_valid', detail);
export const permissionDenied = (detail = 'You do not have permission to perform this action.') =>
  new AppError(403, 'permission_denied', detail);
export const notFound = (detail = 'Not found.') => new AppError(404, 'not_found', detail);
export const conflict = (detail: string, fields?: FieldErrors) => new AppError(409, 'conflict', detail, fields);
export const preconditionFailed = (detail: string, extra?: Record<string, unknown>) =>
  new AppError(412, 'precondition_failed', detail, undefined, extra);
export const payloadTooLarge = (detail = 'Request body is too large.') =>
  new AppError(413, 'payload_too_large', detail);
export const unsupportedMediaType = (detail = 'Unsupported media type.') =>
  new AppError(415, 'unsupported_media_type', detail);
export const throttled = (retryAfterS: number, detail = 'Request was throttled.') =>
  new AppError(
    429,
    'throttled',
    `${detail} Expected available in ${Math.ceil(retryAfterS)} seconds.`,
    undefined,
    undefined,
    {
      'retry-after': String(Math.max(1, Math.ceil(retryAfterS))),
    },
  );
export const serviceUnavailable = (detail = 'Service temporarily unavailable, try again later.') =>
  new AppError(503, 'service_unavailable', detail);
/** 507: the upload store is full (disk ENOSPC or quota); nothing was stored, the client may retry later. */
export const insufficientStorage = (detail = 'There is no space left to store this file. Try again later.') =>
  new AppError(507, 'insufficient_storage', detail);
