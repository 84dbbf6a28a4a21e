import { safeError } from '../lib/safe-error.ts';
import type { ErrorBody } from '@arbor/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, ResponseSerializationError } from 'fastify-type-provider-zod';
import { isConnectionError, PoolBusyError } from '../db/errors.ts';
import { AppError, type FieldErrors } from '../lib/http-errors.ts';
import { localizedValidationFields, localizeErrorBody } from '../lib/messages/index.ts';

/** Seconds a client should wait before trying again when every database connection was busy. */
const BUSY_RETRY_AFTER_S = 2;
/** Seconds a client should wait before trying again when the database could not be reached. */
const UNREACHABLE_RETRY_AFTER_S = 10;

function send(
  reply: FastifyReply,
  status: number,
  body: ErrorBody & Record<string, unknown>,
  headers?: Record<string, string>,
) {
  if (headers) void reply.headers(headers);
  // Sent as a string, so a route's own schema for the status (health declares 503) cannot reshape
  // or refuse the error body.
  return reply
    .code(status)
    .type('application/json; charset=utf-8')
    .send(JSON.stringify(localizeErrorBody(reply, body)));
}

/** Turns schema-validation issues into `{field: [messages]}`; body fields by name, query/params likewise. */
function validationFields(error: FastifyError): FieldErrors {
  const fields: FieldErrors = {};
  for (const v of error.validation ?? []) {
    const issue = v as { instancePath?: string; message?: string };
    const key = issue.instancePath?.replace(/^\//, '').replace(/\//g, '.') || 'non_field_errors';
    (fields[key] ??= []).push(issue.message ?? 'Invalid value.');
  }
  return fields;
}

const STATUS_CODES: Record<number, ErrorBody['code']> = {
  400: 'invalid',
  401: 'not_authenticated',
  403: 'permission_denied',
  404: 'not_found',
  405: 'method_not_allowed',
  408: 'request_timeout',
  409: 'conflict',
  412: 'precondition_failed',
  413: 'payload_too_large',
  414: 'request_too_large',
  415: 'unsupported_media_type',
  431: 'request_too_large',
  429: 'throttled',
  502: 'upstream_error',
  503: 'service_unavailable',
};

async function errorsPlugin(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) {
      return send(
        reply,
        error.statusCode,
        { ...error.extra, detail: error.detail, code: error.code, ...(error.fields ? { fields: error.fields } : {}) },
        error.headers,
      );
    }
    if (hasZodFastifySchemaValidationErrors(error) || error.validation) {
      const fields = localizedValidationFields(request, error) ?? validationFields(error);
      return send(reply, 400, { detail: 'Invalid input.', code: 'invalid', fields });
    }
    if (error instanceof ResponseSerializationError) {
      request.log.error(
        { err: { message: error.message, method: error.method, url: error.url } },
        'response did not match its schema',
      );
      return send(reply, 500, { detail: 'A server error occurred.', code: 'server_error' });
    }
    if (error instanceof PoolBusyError) {
      request.log.warn('database busy: no pool connection came free in time');
      return send(
        reply,
        503,
        { detail: 'Service temporarily unavailable, try again later.', code: 'service_unavailable' },
        { 'retry-after': String(BUSY_RETRY_AFTER_S) },
      );
    }
    if (isConnectionError(error)) {
      request.log.error({ code: (error as { code?: string }).code }, 'database unreachable');
      return send(
        reply,
        503,
        { detail: 'Service temporarily unavailable, try again later.', code: 'service_unavailable' },
        { 'retry-after': String(UNREACHABLE_RETRY_AFTER_S) },
      );
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, too large, wrong content type, rate limit): safe messages.
      const code = STATUS_CODES[status] ?? 'invalid';
      const detail =
        error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
          ? 'JSON parse error: the request body is not valid JSON.'
          : error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
            ? 'JSON parse error: the request body is empty.'
            : status === 413
              ? 'Request body is too large.'
              : status === 415
                ? 'Unsupported media type in request.'
                : error.message;
      const headers = status === 429 ? { 'retry-after': String(reply.getHeader('retry-after') ?? 60) } : undefined;
      return send(reply, status, { detail, code }, headers);
    }
    // Never leak internals: log the error with the request id, answer a generic message.
    request.log.error({ err: safeError(error) }, 'unhandled error');
    return send(reply, 500, { detail: 'A server error occurred.', code: 'server_error' });
  });
}

export default fp(errorsPlugin, { name: 'errors' });
