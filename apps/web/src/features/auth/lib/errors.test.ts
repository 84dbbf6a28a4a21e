import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';
import en from '../../../i18n/auth/en-US.json';
import { describeError } from './errors.ts';

const i18n = i18next.createInstance();
await i18n.init({ lng: 'en-US', resources: { 'en-US': { auth: en } }, initAsync: false });
const t = i18n.t.bind(i18n);

describe('describing server errors for a form', () => {
  it('puts server field messages under their inputs', () => {
    const error = new ApiError(400, { detail: 'Invalid', code: 'invalid', fields: { email: ['Taken.'] } });
    expect(describeError(error, t, 'en-US')).toEqual({ fields: { email: 'Taken.' }, message: null, retryAfter: null });
  });

  it('says how long to wait when throttled', () => {
    const error = new ApiError(429, { detail: 'Slow down', code: 'throttled' }, new Headers({ 'Retry-After': '42' }));
    const described = describeError(error, t, 'en-US');
    expect(described.retryAfter).toBe(42);
    expect(described.message).toBe('Too many attempts. Please try again in 42 seconds.');
  });

  it('shows a wrong code under the code input', () => {
    const error = new ApiError(400, { detail: 'Bad code', code: 'code_invalid' });
    expect(describeError(error, t, 'en-US', { codeField: 'code' }).fields).toEqual({ code: 'That code is not right' });
  });
});
