import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';
import { problemText } from './problem.ts';

const texts = { network: 'offline', server: 'server fault', conflict: 'already done' };

describe('problemText', () => {
  it("shows the server's own message for a refusal (it is in the UI language)", () => {
    const throttled = new ApiError(429, { detail: '请求过于频繁', code: 'throttled' });
    expect(problemText(throttled, texts)).toBe('请求过于频繁');
  });

  it('prefers the first field message of a validation error', () => {
    const invalid = new ApiError(400, {
      detail: 'Invalid input.',
      code: 'invalid',
      fields: { body: ['A review is 1 to 5,000 characters.'] },
    });
    expect(problemText(invalid, texts)).toBe('A review is 1 to 5,000 characters.');
  });

  it('explains a conflict in its own words when given them, else with the detail', () => {
    const conflict = new ApiError(409, { detail: 'Already reported.', code: 'conflict' });
    expect(problemText(conflict, texts)).toBe('already done');
    expect(problemText(conflict, { network: 'offline', server: 'server fault' })).toBe('Already reported.');
  });

  it('words network failures and server faults itself', () => {
    expect(problemText(new ApiError(0, { detail: 'Network error', code: 'service_unavailable' }), texts)).toBe(
      'offline',
    );
    expect(problemText(new ApiError(500, { detail: 'boom', code: 'server_error' }), texts)).toBe('server fault');
    expect(problemText(new TypeError('x'), texts)).toBe('offline');
  });
});
