import OpenAI from 'openai';
import { createGuardedFetch, RefusedAddressError, type OutboundPolicy } from '../net/guarded-fetch.ts';

/** One upstream call failed; `message` is safe to show to users (no key, no stack). */
export class LlmError extends Error {
  constructor(
    readonly reason:
      'refused_address' | 'timeout' | 'rate_limited' | 'upstream_status' | 'network' | 'aborted' | 'bad_response',
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'LlmError';
  }
}

export interface LlmEndpoint {
  baseUrl: string;
  apiKey: string;
  timeoutS: number;
  policy: OutboundPolicy;
}

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface ChatRequest {
  model: string;
  messages: ChatMessage[];
  maxTokens?: number | null;
  temperature?: number | null;
}

export interface Usage {
  promptTokens: number;
  completionTokens: number;
}

export interface ChatAnswer {
  text: string;
  usage: Usage;
}

export interface ImageRequest {
  model: string;
  prompt: string;
  size: string;
}

/** Retries honour the upstream's Retry-After, but never wait long: the browser is waiting. */
const MAX_RETRY_WAIT_MS = 2000;
/** Generated images fetched by URL are bounded like uploads. */
const MAX_IMAGE_DOWNLOAD_BYTES = 20 * 1024 * 1024;

/**
 * OpenAI-style providers usually serve under `/v1`; a bare origin (`https://api.deepseek.com`) gets
 * it appended, a URL with a path is used as given (`http://host:11434/v1`, Azure-style paths).
 */
export function apiRoot(baseUrl: string): string {
  const url = new URL(baseUrl);
  if (url.pathname === '/' || url.pathname === '') url.pathname = '/v1';
  return url.toString().replace(/\/+$/, '');
}

function clampRetryHeaders(fetchImpl: typeof fetch): typeof fetch {
  return async (input, init) => {
    const response = await fetchImpl(input, init);
    if (response.ok) return response;
    const headers = new Headers(response.headers);
    const afterMs = Number(headers.get('retry-after-ms') ?? Number(headers.get('retry-after') ?? 'NaN') * 1000);
    headers.delete('retry-after');
    headers.set(
      'retry-after-ms',
      String(Number.isFinite(afterMs) ? Math.min(Math.max(afterMs, 0), MAX_RETRY_WAIT_MS) : 500),
    );
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  };
}

function upstreamMessage(error: InstanceType<typeof OpenAI.APIError>): string {
  const raw = (error.error as { message?: unknown } | undefined)?.message;
  const said = typeof raw === 'string' ? ` (${raw.slice(0, 200)})` : '';
  return `The AI provider answered ${error.status}${said}.`;
}

/** Maps whatever the SDK or the guard threw onto a readable LlmError. */
export function toLlmError(error: unknown, signal?: AbortSignal): LlmError {
  if (error instanceof LlmError) return error;
  // Once the caller aborted, whatever surfaced (reader errors, socket resets) is the cancellation.
  if (signal?.aborted) return new LlmError('aborted', 'The request was cancelled.');
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if (e instanceof RefusedAddressError)
      return new LlmError('refused_address', `The AI provider address is not allowed: ${e.message}`);
  }
  if (error instanceof OpenAI.APIUserAbortError) return new LlmError('aborted', 'The request was cancelled.');
  if (error instanceof OpenAI.APIConnectionTimeoutError)
    return new LlmError('timeout', 'The AI provider did not answer in time.');
  if (error instanceof OpenAI.APIConnectionError)
    return new LlmError('network', 'The AI provider could not be reached.');
  if (error instanceof OpenAI.APIError && error.status !== undefined) {
    if (error.status === 429)
      return new LlmError(
        'rate_limited',
        `${upstreamMessage(error)} It is rate limiting requests; try again later.`,
        429,
      );
    return new LlmError('upstream_status', upstreamMessage(error), error.status);
  }
  if ((error as { name?: string })?.name === 'AbortError') return new LlmError('aborted', 'The request was cancelled.');
  return new LlmError('bad_response', 'The AI provider sent an answer that could not be read.');
}

function usageOf(usage: { prompt_tokens?: number; completion_tokens?: number } | null | undefined): Usage {
  return { promptTokens: usage?.prompt_tokens ?? 0, completionTokens: usage?.completion_tokens ?? 0 };
}

/** An OpenAI-compatible provider: chat (whole or streamed), images, model list. One retry on 429/5xx. */
export class LlmClient {
  private readonly sdk: OpenAI;
  private readonly fetchGuarded: typeof fetch;
  private readonly timeoutMs: number;

  constructor(endpoint: LlmEndpoint) {
    this.timeoutMs = endpoint.timeoutS * 1000;
    this.fetchGuarded = createGuardedFetch(endpoint.policy);
    this.sdk = new OpenAI({
      apiKey: endpoint.apiKey,
      baseURL: apiRoot(endpoint.baseUrl),
      timeout: endpoint.timeoutS * 1000,
      maxRetries: 1,
      fetch: clampRetryHeaders(this.fetchGuarded),
      // The SDK must never print request details (they carry the key's owner and prompts).
      logLevel: 'off',
    });
  }

  private chatParams(request: ChatRequest) {
    return {
      model: request.model,
      messages: request.messages,
      ...(request.maxTokens ? { max_tokens: request.maxTokens } : {}),
      ...(request.temperature !== null && request.temperature !== undefined
        ? { temperature: request.temperature }
        : {}),
    };
  }

  /** One whole chat answer. */
  async chat(request: ChatRequest, signal?: AbortSignal): Promise<ChatAnswer> {
    try {
      const completion = await this.sdk.chat.completions.create(
        { ...this.chatParams(request), stream: false },
        { signal },
      );
      const text = completion.choices?.[0]?.message?.content;
      if (typeof text !== 'string') throw new LlmError('bad_response', 'The AI provider sent an empty answer.');
      return { text, usage: usageOf(completion.usage) };
    } catch (error) {
      throw toLlmError(error, signal);
    }
  }

  /**
   * A streamed chat answer: `onDelta` gets each text piece as it arrives; resolves with the whole text
   * and the usage the provider reported (estimated from lengths when it reports none).
   */
  async chatStream(request: ChatRequest, onDelta: (text: string) => void, signal?: AbortSignal): Promise<ChatAnswer> {
    let text = '';
    let usage: Usage | null = null;
    // The SDK's timeout ends once headers arrive; a stream that stalls afterwards is cut by this watchdog.
    const stalled = new AbortController();
    let watchdog = setTimeout(() => stalled.abort(), this.timeoutMs);
    const combined = signal ? AbortSignal.any([signal, stalled.signal]) : stalled.signal;
    try {
      const stream = await this.sdk.chat.completions.create(
        { ...this.chatParams(request), stream: true, stream_options: { include_usage: true } },
        { signal: combined },
      );
      for await (const chunk of stream) {
        clearTimeout(watchdog);
        watchdog = setTimeout(() => stalled.abort(), this.timeoutMs);
        const piece = chunk.choices?.[0]?.delta?.content;
        if (piece) {
          text += piece;
          onDelta(piece);
        }
        if (chunk.usage) usage = usageOf(chunk.usage);
      }
    } catch (error) {
      if (stalled.signal.aborted && !signal?.aborted)
        throw new LlmError('timeout', 'The AI provider stopped answering.');
      throw toLlmError(error, signal);
    } finally {
      clearTimeout(watchdog);
    }
    if (signal?.aborted) throw new LlmError('aborted', 'The request was cancelled.');
    const promptChars = request.messages.reduce((n, m) => n + m.content.length, 0);
    return {
      text,
      usage: usage ?? { promptTokens: Math.ceil(promptChars / 4), completionTokens: Math.ceil(text.length / 4) },
    };
  }

  /** One generated image's bytes (the provider may answer base64 or a URL, which is fetched under the same policy). */
  async generateImage(request: ImageRequest, signal?: AbortSignal): Promise<Buffer> {
    try {
      const answer = await this.sdk.images.generate(
        {
          model: request.model,
          prompt: request.prompt,
          n: 1,
          size: request.size as '1024x1024',
          response_format: 'b64_json',
        },
        { signal },
      );
      const image = answer.data?.[0];
      if (image?.b64_json) return Buffer.from(image.b64_json, 'base64');
      if (image?.url) return await this.download(image.url, signal);
      throw new LlmError('bad_response', 'The AI provider sent no image.');
    } catch (error) {
      throw toLlmError(error, signal);
    }
  }

  private async download(url: string, signal?: AbortSignal): Promise<Buffer> {
    const response = await this.fetchGuarded(url, { signal });
    if (!response.ok || !response.body)
      throw new LlmError(
        'upstream_status',
        `Fetching the generated image failed (${response.status}).`,
        response.status,
      );
    const parts: Buffer[] = [];
    let size = 0;
    for await (const part of response.body) {
      size += part.length;
      if (size > MAX_IMAGE_DOWNLOAD_BYTES) throw new LlmError('bad_response', 'The generated image is too large.');
      parts.push(Buffer.from(part));
    }
    return Buffer.concat(parts);
  }

  /** Upstream model ids: a cheap call that proves the URL and key work. */
  async listModels(signal?: AbortSignal): Promise<string[]> {
    try {
      const ids: string[] = [];
      for await (const model of this.sdk.models.list({ signal })) ids.push(model.id);
      return ids;
    } catch (error) {
      throw toLlmError(error, signal);
    }
  }
}
