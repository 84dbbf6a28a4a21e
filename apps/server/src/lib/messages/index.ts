import type { FastifyReply } from 'fastify';
import { messageLocale } from './locale.ts';
import { translateFields, translateMessage } from './translate.ts';

export { registerMessages, type MessageCatalog } from './catalog.ts';
export { localeFromAcceptLanguage, messageLocale } from './locale.ts';
export { formatMessage, translateFields, translateMessage } from './translate.ts';
export { localizedValidationFields } from './validation.ts';

/** `Vary` with `Accept-Language` added to whatever it already names (CORS adds `Origin`). */
function varyOnLanguage(reply: FastifyReply) {
  const current = reply.getHeader('vary');
  const names = (Array.isArray(current) ? current.join(',') : String(current ?? ''))
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  if (names.includes('*') || names.some((name) => name.toLowerCase() === 'accept-language')) return;
  void reply.header('vary', [...names, 'Accept-Language'].join(', '));
}

/**
 * API.md "Conventions": an error's `detail` and `fields` messages are in the language of the
 * request's `Accept-Language` (zh-CN, en-US or ja-JP; en-US when it names none of them), and the
 * answer says so with `Vary: Accept-Language`. The code throws English; this translates the body
 * from the catalog once, where the error handler renders it. A message without a translation stays
 * English; nothing here throws.
 */
export function localizeErrorBody<T extends { detail: string; fields?: Record<string, string[]> }>(
  reply: FastifyReply,
  body: T,
): T {
  try {
    varyOnLanguage(reply);
    const locale = messageLocale(reply.request.headers['accept-language']);
    if (locale === 'en-US') return body;
    return {
      ...body,
      detail: translateMessage(body.detail, locale),
      ...(body.fields ? { fields: translateFields(body.fields, locale) } : {}),
    };
  } catch {
    return body;
  }
}
