import type { ErrorBody } from '@arbor/contract';
import { ApiError } from '../../../lib/api-client.ts';

// Codes outside the contract's list (an SSE error may carry any) still travel in the same field.
const asCode = (code: string) => code as ErrorBody['code'];

/** The AI failures the UI explains differently; everything else shows the server's `detail`. */
type AiProblemKind = 'not_configured' | 'quota' | 'upstream' | 'other';

export interface AiProblem {
  kind: AiProblemKind;
  detail: string;
}

/** The status an SSE `error` event's code stands for, so a streamed failure reads like a JSON one. */
const STATUS_OF_CODE: Record<string, number> = { ai_not_configured: 503, throttled: 429, upstream_error: 502 };

export function apiErrorFromEvent(body: { detail?: string; code?: string }): ApiError {
  const code = body.code ?? 'server_error';
  return new ApiError(STATUS_OF_CODE[code] ?? 500, { detail: body.detail ?? code, code: asCode(code) });
}

/** An ApiError from a non-2xx Response whose body may or may not be the JSON error shape. */
export async function apiErrorFromResponse(res: Response): Promise<ApiError> {
  const body = (await res.json().catch(() => null)) as { detail?: unknown; code?: unknown } | null;
  const detail = typeof body?.detail === 'string' ? body.detail : res.statusText || `HTTP ${res.status}`;
  const code = typeof body?.code === 'string' ? body.code : res.status >= 500 ? 'server_error' : 'invalid';
  return new ApiError(res.status, { detail, code: asCode(code) }, res.headers);
}

export function aiProblemOf(error: unknown): AiProblem {
  if (error instanceof ApiError) {
    if (error.status === 503 || error.code === 'ai_not_configured')
      return { kind: 'not_configured', detail: error.body.detail };
    if (error.status === 429) return { kind: 'quota', detail: error.body.detail };
    if (error.status === 502 || error.code === 'upstream_error') return { kind: 'upstream', detail: error.body.detail };
    return { kind: 'other', detail: error.body.detail };
  }
  return { kind: 'other', detail: error instanceof Error ? error.message : String(error) };
}

/** Failures that would fail every further call too: a batch stops instead of trying the rest. */
export function isFatalAiProblem(problem: AiProblem): boolean {
  return problem.kind === 'not_configured' || problem.kind === 'quota';
}

export const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';
