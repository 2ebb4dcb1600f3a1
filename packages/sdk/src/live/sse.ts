import { createParser } from 'eventsource-parser';

/** An event larger than this ends the stream (the server's are a few KB). */
export const MAX_EVENT_CHARS = 256 * 1024;

export interface EventStreamHandlers {
  /** A complete SSE message (`event:` name, default 'message', and its `data:`). */
  onMessage(name: string, data: string): void;
  /** Any bytes arrived, keep-alive comments included (the idle watchdog's signal). */
  onBytes(): void;
}

/**
 * Reads an SSE body until it ends; rejects when it breaks (an abort included) or a message
 * outgrows MAX_EVENT_CHARS.
 */
export async function readEventStream(
  body: ReadableStream<Uint8Array>,
  handlers: EventStreamHandlers,
): Promise<void> {
  let failure: Error | null = null;
  const parser = createParser({
    maxBufferSize: MAX_EVENT_CHARS,
    onEvent: (m) => handlers.onMessage(m.event ?? 'message', m.data),
    onError: (e) => {
      if (e.type === 'max-buffer-size-exceeded') failure = e;
    },
  });
  const decoder = new TextDecoder();
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      handlers.onBytes();
      parser.feed(decoder.decode(value, { stream: true }));
      if (failure) throw failure;
    }
  } finally {
    reader.cancel().catch(() => undefined);
  }
}
