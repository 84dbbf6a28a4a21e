import { describe, expect, it } from 'vitest';
import { parseEventBlock, readEventStream } from './event-stream.ts';

function streamOf(chunks: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
}

async function collect(chunks: string[]) {
  const events = [];
  for await (const event of readEventStream(streamOf(chunks))) events.push(event);
  return events;
}

describe('event stream reader', () => {
  it('parses named events with JSON data', () => {
    expect(parseEventBlock('event: delta\ndata: {"text":"a"}')).toEqual({ event: 'delta', data: '{"text":"a"}' });
  });

  it('keeps the id of an event, for Last-Event-ID', () => {
    expect(parseEventBlock('id: 42\nevent: notification\ndata: {}')).toEqual({
      event: 'notification',
      data: '{}',
      id: '42',
    });
  });

  it('ignores heartbeat comments', () => {
    expect(parseEventBlock(': keep-alive')).toBeNull();
  });

  it('reassembles events split across chunks, including a split CRLF', async () => {
    const events = await collect([
      'event: delta\r\ndata: {"te',
      'xt":"he"}\r',
      '\n\r\n: keep-alive\n\nevent: done\ndata: {}\n\n',
    ]);
    expect(events).toEqual([
      { event: 'delta', data: '{"text":"he"}' },
      { event: 'done', data: '{}' },
    ]);
  });

  it('yields a final event that has no trailing blank line', async () => {
    expect(await collect(['event: error\ndata: {"code":"x"}'])).toEqual([{ event: 'error', data: '{"code":"x"}' }]);
  });
});
