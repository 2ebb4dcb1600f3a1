import { HEADER_SIZE, MAX_MESSAGE_SIZE } from './opcodes.js';

/**
 * Splits a TCP byte stream into whole wire-protocol messages (each starts with its int32
 * total length). Chunks of an incomplete message are only joined once it is complete, so
 * a large insert arriving in many chunks is copied once, not once per chunk.
 */
export class MessageFramer {
  private chunks: Buffer[] = [];
  private buffered = 0;

  push(chunk: Buffer): Buffer[] {
    this.chunks.push(chunk);
    this.buffered += chunk.length;
    const out: Buffer[] = [];
    while (this.buffered >= 4) {
      const len = this.peekLength();
      if (len < HEADER_SIZE || len > MAX_MESSAGE_SIZE) {
        throw new Error(`invalid message length ${len}`);
      }
      if (this.buffered < len) break;
      const all = this.chunks.length === 1 ? this.chunks[0]! : Buffer.concat(this.chunks);
      out.push(all.subarray(0, len));
      const rest = all.subarray(len);
      this.chunks = rest.length ? [rest] : [];
      this.buffered = rest.length;
    }
    return out;
  }

  private peekLength(): number {
    const first = this.chunks[0]!;
    if (first.length >= 4) return first.readInt32LE(0);
    const head = Buffer.concat(this.chunks).subarray(0, 4);
    return head.readInt32LE(0);
  }
}
