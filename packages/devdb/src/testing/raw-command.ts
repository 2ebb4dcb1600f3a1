import net from 'node:net';
import { BSON } from 'bson';
import { firstHost } from './harness.js';

type Doc = Record<string, unknown>;

/**
 * Sends one OP_MSG command (it must name its `$db`) on a fresh connection and resolves with
 * the reply document: for commands a driver would rewrite, such as hand-made session fields.
 */
export function rawCommand(uri: string, command: Doc): Promise<Doc> {
  const { host, port } = firstHost(uri);
  const body = Buffer.from(BSON.serialize(command));
  const head = Buffer.alloc(21);
  head.writeInt32LE(21 + body.length, 0);
  head.writeInt32LE(1, 4); // requestId
  head.writeInt32LE(2013, 12); // OP_MSG; flags 0 and section kind 0 follow as zeros
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, host);
    let data = Buffer.alloc(0);
    socket.on('data', (chunk) => {
      data = Buffer.concat([data, chunk]);
      if (data.length < 4 || data.length < data.readInt32LE(0)) return;
      socket.end();
      resolve(BSON.deserialize(data.subarray(21, data.readInt32LE(0)), { useBigInt64: true }));
    });
    socket.on('error', reject);
    socket.write(Buffer.concat([head, body]));
  });
}
