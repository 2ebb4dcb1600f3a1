import { describe, expect, it } from 'vitest';
import { MAX_EVENT_CHARS, readEventStream } from './sse';

function bodyOf(chunks: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
}

async function read(chunks: string[]) {
  const messages: Array<[string, string]> = [];
  let bytes = 0;
  await readEventStream(bodyOf(chunks), {
    onMessage: (name, data) => void messages.push([name, data]),
    onBytes: () => void bytes++,
  });
  return { messages, bytes };
}

describe('readEventStream', () => {
  it('reads named events split anywhere across chunks, heartbeats count as bytes', async () => {
    const { messages, bytes } = await read([
      ': keep-alive\n\n',
      'event: unr',
      'ead\ndata: {"notifications":1,',
      '"messages":2}\n',
      '\nevent: comment\r\ndata: {"a":1}\r\n\r\n',
      ': keep-alive\n\n',
      'data: plain\n\n',
    ]);
    expect(messages).toEqual([
      ['unread', '{"notifications":1,"messages":2}'],
      ['comment', '{"a":1}'],
      ['message', 'plain'],
    ]);
    expect(bytes).toBe(7);
  });

  it('decodes multi-byte characters split between chunks', async () => {
    const encoded = new TextEncoder().encode('event: message\ndata: "né — ok"\n\n');
    const cut = encoded.indexOf(0xc3) + 1;
    const body = new ReadableStream<Uint8Array>({
      start(c) {
        c.enqueue(encoded.slice(0, cut));
        c.enqueue(encoded.slice(cut));
        c.close();
      },
    });
    const seen: string[] = [];
    await readEventStream(body, { onMessage: (_n, d) => void seen.push(d), onBytes: () => {} });
    expect(seen).toEqual(['"né — ok"']);
  });

  it('rejects an event larger than the limit instead of buffering it', async () => {
    const huge = `event: message\ndata: ${'x'.repeat(MAX_EVENT_CHARS + 10)}`;
    await expect(read([huge.slice(0, 1000), huge.slice(1000)])).rejects.toThrow();
  });

  it('rejects when the body breaks', async () => {
    const body = new ReadableStream<Uint8Array>({
      start(c) {
        c.enqueue(new TextEncoder().encode('event: a\n'));
        c.error(new Error('reset'));
      },
    });
    await expect(readEventStream(body, { onMessage: () => {}, onBytes: () => {} })).rejects.toThrow(
      'reset',
    );
  });
});
