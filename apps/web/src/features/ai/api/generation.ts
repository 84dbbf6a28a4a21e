import type { GenerateNodeRequest, GenerateNodeResponse } from '@arbor/contract';
import { api, apiRaw } from '../../../lib/api-client.ts';
import { readEventStream } from '../../../lib/event-stream.ts';
import { apiErrorFromEvent, apiErrorFromResponse } from './errors.ts';

const GENERATE_NODE = '/api/llm/ai-content/generate_node/';

export type GenerateNodeInput = Omit<GenerateNodeRequest, 'stream'>;

/** POST generate_node as JSON (no streaming): what the tree builder uses for many small calls. */
export function generateNode(input: GenerateNodeInput, signal?: AbortSignal): Promise<GenerateNodeResponse> {
  return api<GenerateNodeResponse>(GENERATE_NODE, { method: 'POST', body: { ...input, stream: false }, signal });
}

/**
 * POSTs `body` to an AI endpoint asking for Server-Sent Events: calls `onDelta` with each chunk of
 * text as it arrives and resolves with the `done` payload. Refusals (503/429/400/404) come back as
 * plain JSON before any stream opens; a failure mid-stream arrives as an `error` event; both reject
 * with an ApiError.
 */
export async function streamAiAnswer<T>(
  path: string,
  body: object,
  { signal, onDelta }: { signal: AbortSignal; onDelta: (text: string) => void },
): Promise<T> {
  const res = await apiRaw(path, { method: 'POST', body, headers: { accept: 'text/event-stream' }, signal });
  if (!res.ok) throw await apiErrorFromResponse(res);
  if (!res.body) throw new Error('The answer has no body.');
  for await (const { event, data } of readEventStream(res.body)) {
    if (event === 'delta') onDelta((JSON.parse(data) as { text: string }).text);
    else if (event === 'done') return JSON.parse(data) as T;
    else if (event === 'error') throw apiErrorFromEvent(JSON.parse(data) as { detail?: string; code?: string });
  }
  throw new Error('The stream ended before the answer was complete.');
}

/** POST generate_node with `stream: true` (see `streamAiAnswer`). */
export function streamNode(
  input: GenerateNodeInput,
  options: { signal: AbortSignal; onDelta: (text: string) => void },
): Promise<GenerateNodeResponse> {
  return streamAiAnswer<GenerateNodeResponse>(GENERATE_NODE, { ...input, stream: true }, options);
}
