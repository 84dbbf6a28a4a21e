import type { Namespace, TFunction } from 'i18next';
import { ApiError } from '../../../lib/api-client.ts';

interface DescribedError {
  /** first message per field, keyed by the body field name the server used */
  fields: Record<string, string>;
  /** a message for the whole form, or null when everything went under a field */
  message: string | null;
  /** seconds to wait when the server throttled the call */
  retryAfter: number | null;
}

/** `Retry-After` is seconds (the server never sends an HTTP date); a missing header means "a while". */
function retryAfterSeconds(error: ApiError): number | null {
  const raw = error.headers?.get('retry-after') ?? (error.body.retry_after as string | number | undefined);
  const seconds = Number(raw);
  return Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : null;
}

/** "in 45 seconds", "3 分钟后": the wait in the reader's language, not a bare number. */
function formatWait(seconds: number, locale: string): string {
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'always' });
  return seconds < 90 ? format.format(seconds, 'second') : format.format(Math.ceil(seconds / 60), 'minute');
}

/**
 * Turns anything a mutation threw into what a form shows: server `fields` under their inputs, known
 * codes as translated sentences, anything else as the server's own `detail`. Code errors are placed
 * under the code input (`codeField`) because that is where the user has to act.
 */
export function describeError(
  error: unknown,
  // any feature's `t`: the messages are the auth namespace's, named with their prefix
  t: TFunction<Namespace>,
  locale: string,
  options: { codeField?: string } = {},
): DescribedError {
  if (!(error instanceof ApiError)) return { fields: {}, message: t('auth:errors.unexpected'), retryAfter: null };
  const fields: Record<string, string> = {};
  for (const [name, messages] of Object.entries(error.fields)) {
    if (messages[0]) fields[name] = messages[0];
  }
  const retryAfter = error.code === 'throttled' ? retryAfterSeconds(error) : null;
  let message: string | null = null;
  switch (error.code) {
    case 'throttled':
      message = retryAfter
        ? t('auth:errors.throttledWait', { when: formatWait(retryAfter, locale) })
        : t('auth:errors.throttled');
      break;
    case 'captcha_required':
    case 'captcha_invalid':
      message = t('auth:errors.captcha');
      break;
    case 'code_invalid':
    case 'code_expired': {
      const text = t(error.code === 'code_invalid' ? 'auth:errors.codeInvalid' : 'auth:errors.codeExpired');
      if (options.codeField) fields[options.codeField] = text;
      else message = text;
      break;
    }
    case 'service_unavailable':
      message = t('auth:errors.network');
      break;
    default:
      if (error.status >= 500) message = t('auth:errors.server');
      // With field messages the inputs already say it; the generic detail would only repeat it.
      else if (Object.keys(fields).length === 0) message = error.message;
  }
  return { fields, message, retryAfter };
}
