import type { Locale } from '@arbor/contract';
import type { FastifyError, FastifyRequest } from 'fastify';
import { ja, zhCN } from 'zod/locales';
import { $ZodType, safeParse, type $ZodErrorMap } from 'zod/v4/core';
import { messageLocale } from './locale.ts';
import { translateMessage } from './translate.ts';

const LOCALE_ERRORS: Record<Exclude<Locale, 'en-US'>, $ZodErrorMap> = {
  'zh-CN': zhCN().localeError,
  'ja-JP': ja().localeError,
};

const REQUEST_PART: Record<string, (request: FastifyRequest) => unknown> = {
  body: (request) => request.body,
  querystring: (request) => request.query,
  params: (request) => request.params,
  headers: (request) => request.headers,
};

/**
 * The `fields` of a request-validation error in the request's language, or null to keep the English ones (en-US,
 * or anything unexpected). The part that failed is parsed again with zod's own locale as the error
 * map: zod's default messages come out translated (with the input at hand, e.g. "received number"),
 * while the contract's custom messages (`.min(1, 'Tags must not be empty.')`) outrank the map and
 * are then translated from the catalog. Keys are built as the English ones are (`a.b`, or
 * `non_field_errors` for the whole part).
 */
export function localizedValidationFields(
  request: FastifyRequest,
  error: FastifyError,
): Record<string, string[]> | null {
  try {
    const locale = messageLocale(request.headers['accept-language']);
    if (locale === 'en-US') return null;
    const part = (error as { validationContext?: string }).validationContext;
    if (!part || !Object.hasOwn(REQUEST_PART, part)) return null;
    const schema = (request.routeOptions.schema as Record<string, unknown> | undefined)?.[part];
    if (!(schema instanceof $ZodType)) return null;
    const result = safeParse(schema, REQUEST_PART[part]!(request), { error: LOCALE_ERRORS[locale] });
    if (result.success) return null;
    const fields: Record<string, string[]> = {};
    for (const issue of result.error.issues) {
      const key = issue.path.map(String).join('.') || 'non_field_errors';
      (fields[key] ??= []).push(translateMessage(issue.message, locale));
    }
    return fields;
  } catch {
    // e.g. an async refinement: the English fields, translated from the catalog where possible
    return null;
  }
}
