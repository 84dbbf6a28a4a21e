import type { AiRequestKind } from '@arbor/contract';
import type { Trx } from '../../db/connection.ts';
import type { Deps } from '../../deps.ts';
import { throttled } from '../../lib/http-errors.ts';
import { toLlmError, type Usage } from '../../lib/llm/llm-client.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { upstreamError } from './ai-errors.ts';
import { countUserCallsSince, insertRequestLog } from './request-logs.repository.ts';

const EXCERPT_CHARS = 4000;
const KEY_LIKE = /\b(sk|pk|rk|key)-[A-Za-z0-9_-]{8,}/g;
const BEARER = /Bearer\s+[^\s"']+/gi;

/** Text fit for a log row: known secrets and anything key-shaped removed, then cut to a bounded excerpt. */
function redactedExcerpt(value: unknown, secrets: Array<string | null>): string {
  let text = typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
  for (const secret of secrets) if (secret && secret.length >= 4) text = text.split(secret).join('[redacted]');
  text = text.replace(KEY_LIKE, '[redacted]').replace(BEARER, 'Bearer [redacted]');
  return text.length > EXCERPT_CHARS ? `${text.slice(0, EXCERPT_CHARS)}…[truncated]` : text;
}

/** The model answered, but not with something usable (e.g. broken JSON); the log keeps what it said. */
export class UnusableAnswer extends Error {
  constructor(
    message: string,
    readonly responseText: string,
    readonly usage: Usage,
  ) {
    super(message);
  }
}

interface QuotaState {
  limit: number;
  used: number;
  resetsAt: Date;
}

/** A user's upstream calls since midnight UTC against `AI_DAILY_QUOTA`. */
export async function dailyQuotaState(deps: Deps, user: AuthUser): Promise<QuotaState> {
  const midnight = deps.clock.now();
  midnight.setUTCHours(0, 0, 0, 0);
  const used = await countUserCallsSince(deps.db, user.id, midnight.toISOString());
  return { limit: deps.config.ai.dailyQuota, used, resetsAt: new Date(midnight.getTime() + 86_400_000) };
}

/** 429 throttled once a user made `AI_DAILY_QUOTA` upstream calls since midnight UTC. */
export async function assertWithinDailyQuota(deps: Deps, user: AuthUser): Promise<void> {
  const quota = await dailyQuotaState(deps, user);
  if (quota.used >= quota.limit) {
    throw throttled(
      (quota.resetsAt.getTime() - deps.clock.nowMs()) / 1000,
      `Daily AI quota of ${quota.limit} requests reached.`,
    );
  }
}

interface UpstreamCall {
  user: AuthUser;
  kind: AiRequestKind;
  model: string;
  /** what was sent, for the log (redacted and truncated there) */
  request: unknown;
  /** values that must never appear in a log row (the API key) */
  secrets: Array<string | null>;
  /** keeps the response from the user's own log until `revealResponse` (a quiz's answers) */
  withholdResponse?: boolean;
}

interface UpstreamOutcome<T> {
  value: T;
  usage: Usage;
  responseText: string;
}

/**
 * Runs one upstream call and writes its request log whatever happens. Failures become
 * `502 upstream_error` with a readable detail; the log id is returned with the value. With `keep`,
 * a successful value is kept by the caller in the transaction that writes its log (and what `keep`
 * resolves to is returned); when keeping fails that is undone, the log written alone, and the error thrown.
 */
export async function runUpstreamCall<T, K = T>(
  deps: Deps,
  call: UpstreamCall,
  perform: () => Promise<UpstreamOutcome<T>>,
  keep?: (trx: Trx, value: T, logId: number) => Promise<K>,
): Promise<UpstreamOutcome<K> & { logId: number }> {
  const started = performance.now();
  const base = {
    user_id: call.user.id,
    kind: call.kind,
    model: call.model,
    request_excerpt: redactedExcerpt(call.request, call.secrets),
    response_withheld: call.withholdResponse ? 1 : 0,
  };
  const succeeded = (outcome: UpstreamOutcome<T>) => ({
    ...base,
    status: 'success' as const,
    prompt_tokens: outcome.usage.promptTokens,
    completion_tokens: outcome.usage.completionTokens,
    latency_ms: Math.round(performance.now() - started),
    error: null,
    response_excerpt: redactedExcerpt(outcome.responseText, call.secrets),
    created_at: deps.clock.nowIso(),
  });
  let outcome: UpstreamOutcome<T>;
  try {
    outcome = await perform();
    // Without `keep` the value is what is returned: T and K are the same.
    if (!keep)
      return {
        ...(outcome as unknown as UpstreamOutcome<K>),
        logId: await insertRequestLog(deps.db, succeeded(outcome)),
      };
  } catch (error) {
    const unusable = error instanceof UnusableAnswer ? error : null;
    const message = unusable ? unusable.message : toLlmError(error).message;
    await insertRequestLog(deps.db, {
      ...base,
      status: 'error',
      prompt_tokens: unusable?.usage.promptTokens ?? 0,
      completion_tokens: unusable?.usage.completionTokens ?? 0,
      latency_ms: Math.round(performance.now() - started),
      error: redactedExcerpt(message, call.secrets),
      response_excerpt: unusable ? redactedExcerpt(unusable.responseText, call.secrets) : '',
      created_at: deps.clock.nowIso(),
    });
    // Providers sometimes echo the key in their error text; users must not see it either.
    throw upstreamError(redactedExcerpt(message, call.secrets));
  }
  const log = succeeded(outcome);
  try {
    return await deps.db.transaction().execute(async (trx) => {
      const logId = await insertRequestLog(trx, log);
      return { ...outcome, value: await keep(trx, outcome.value, logId), logId };
    });
  } catch (error) {
    // The call happened and counts against the quota even though its answer could not be kept.
    await insertRequestLog(deps.db, log);
    throw error;
  }
}
