import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';
import { aiProblemOf, apiErrorFromEvent, isFatalAiProblem } from './errors.ts';

describe('AI problems', () => {
  it('tells not configured, quota and provider failures apart', () => {
    expect(aiProblemOf(new ApiError(503, { detail: 'x', code: 'ai_not_configured' })).kind).toBe('not_configured');
    expect(aiProblemOf(new ApiError(429, { detail: 'x', code: 'throttled' })).kind).toBe('quota');
    expect(aiProblemOf(new ApiError(502, { detail: 'Provider said no', code: 'upstream_error' }))).toEqual({
      kind: 'upstream',
      detail: 'Provider said no',
    });
    expect(aiProblemOf(new Error('boom'))).toEqual({ kind: 'other', detail: 'boom' });
  });

  it('reads a streamed error event like the JSON error it stands for', () => {
    const error = apiErrorFromEvent({ detail: 'The provider timed out.', code: 'upstream_error' });
    expect(error.status).toBe(502);
    expect(aiProblemOf(error).kind).toBe('upstream');
  });

  it('treats only failures every further call would share as fatal', () => {
    expect(isFatalAiProblem({ kind: 'quota', detail: '' })).toBe(true);
    expect(isFatalAiProblem({ kind: 'upstream', detail: '' })).toBe(false);
  });
});
