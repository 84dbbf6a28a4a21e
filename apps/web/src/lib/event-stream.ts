export interface ServerSentEvent {
  event: string;
  data: string;
  /** the block's `id:` (what a reconnect sends back as `Last-Event-ID`), when it has one */
  id?: string;
}

/** One `event:`/`data:`/`id:` block of the SSE wire format; comment lines (heartbeats) give null. */
export function parseEventBlock(block: string): ServerSentEvent | null {
  let event = 'message';
  let id: string | undefined;
  const data: string[] = [];
  for (const line of block.split('\n')) {
    if (!line || line.startsWith(':')) continue;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
    else if (field === 'id') id = value;
  }
  if (!data.length) return null;
  return id === undefined ? { event, data: data.join('\n') } : { event, data: data.join('\n'), id };
}

/**
 * Reads a `text/event-stream` body as it arrives. fetch streaming rather than EventSource because
 * the server takes the bearer token in a header only (AI generation is a POST too), and an
 * AbortController must be able to stop it.
 */
export async function* readEventStream(body: ReadableStream<Uint8Array>): AsyncGenerator<ServerSentEvent> {
  const reader = body.getReader();
  // One decoder across chunks, so a multi-byte character split between two chunks decodes whole.
  const decoder = new TextDecoder();
  let buffer = '';
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      // A lone "\r" at the end of a chunk stays until the next one, so "\r\n" split in two still pairs.
      buffer = (buffer + decoder.decode(value, { stream: true })).replace(/\r\n/g, '\n');
      let end = buffer.indexOf('\n\n');
      while (end >= 0) {
        const parsed = parseEventBlock(buffer.slice(0, end));
        buffer = buffer.slice(end + 2);
        if (parsed) yield parsed;
        end = buffer.indexOf('\n\n');
      }
    }
    const tail = parseEventBlock(buffer.trim());
    if (tail) yield tail;
  } finally {
    reader.releaseLock();
  }
}
