import { describe, expect, it } from 'vitest';
import { MessageFramer } from './framer.js';

const message = (n: number, size: number): Buffer => {
  const b = Buffer.alloc(size, n);
  b.writeInt32LE(size, 0);
  return b;
};

describe('MessageFramer', () => {
  it('reassembles messages split at any byte and several per chunk', () => {
    const stream = Buffer.concat([message(1, 20), message(2, 100), message(3, 16)]);
    for (let step = 1; step <= stream.length; step++) {
      const framer = new MessageFramer();
      const got: Buffer[] = [];
      for (let i = 0; i < stream.length; i += step)
        got.push(...framer.push(stream.subarray(i, i + step)));
      expect(got.map((m) => m.length)).toEqual([20, 100, 16]);
      expect(got[1]![50]).toBe(2);
    }
  });

  it('rejects an impossible length', () => {
    expect(() => new MessageFramer().push(Buffer.from([1, 0, 0, 0]))).toThrow(
      /invalid message length/,
    );
  });
});
