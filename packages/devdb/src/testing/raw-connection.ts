import net from 'node:net';
import { BSON } from 'bson';
import { firstHost } from './harness.js';

type Doc = Record<string, unknown>;

/**
 * One wire connection that sends OP_MSG commands (each names its `$db`) one at a time: for
 * commands a driver would rewrite, such as hand-made session fields.
 */
export class RawConnection {
  private buffered = Buffer.alloc(0);
  private pending: { resolve: (doc: Doc) => void; reject: (err: Error) => void } | undefined;
  private requestId = 0;
  private closed = false;

  private constructor(private readonly socket: net.Socket) {
    socket.on('data', (chunk) => this.receive(chunk));
    socket.on('error', (err) => this.pending?.reject(err));
    socket.on('close', () => {
      this.closed = true;
      this.pending?.reject(new Error('connection closed'));
    });
  }

  static open(uri: string): Promise<RawConnection> {
    const { host, port } = firstHost(uri);
    return new Promise((resolve, reject) => {
      const socket = net.connect(port, host, () => resolve(new RawConnection(socket)));
      socket.once('error', reject);
    });
  }

  command(command: Doc): Promise<Doc> {
    const body = Buffer.from(BSON.serialize(command));
    const head = Buffer.alloc(21); // header, flags 0, section kind 0
    head.writeInt32LE(21 + body.length, 0);
    head.writeInt32LE(++this.requestId, 4);
    head.writeInt32LE(2013, 12); // OP_MSG
    return new Promise((resolve, reject) => {
      if (this.closed) throw new Error('connection closed');
      this.pending = { resolve, reject };
      this.socket.write(Buffer.concat([head, body]));
    });
  }

  close(): void {
    this.socket.destroy();
  }

  private receive(chunk: Buffer): void {
    this.buffered = Buffer.concat([this.buffered, chunk]);
    if (this.buffered.length < 4) return;
    const length = this.buffered.readInt32LE(0);
    if (this.buffered.length < length) return;
    const reply = BSON.deserialize(this.buffered.subarray(21, length), { useBigInt64: true });
    this.buffered = this.buffered.subarray(length);
    const pending = this.pending;
    this.pending = undefined;
    pending?.resolve(reply);
  }
}
