import { describe, expect, it } from 'vitest';
import type { Doc } from '../bson.js';
import { frameRecord, readRecords } from './records.js';

const read = (buf: Buffer): { docs: Doc[]; validLength: number } => {
  const docs: Doc[] = [];
  const { validLength } = readRecords(buf, (d) => docs.push(d));
  return { docs, validLength };
};

describe('journal records', () => {
  const a = frameRecord({ op: 'put', n: 1 });
  const b = frameRecord({ op: 'put', n: 2 });

  it('reads back what was framed', () => {
    const { docs, validLength } = read(Buffer.concat([a, b]));
    expect(docs).toEqual([
      { op: 'put', n: 1 },
      { op: 'put', n: 2 },
    ]);
    expect(validLength).toBe(a.length + b.length);
  });

  it('stops before a torn, corrupt or garbage tail', () => {
    expect(read(Buffer.concat([a, b.subarray(0, b.length - 1)]))).toEqual({
      docs: [{ op: 'put', n: 1 }],
      validLength: a.length,
    });
    const flipped = Buffer.from(b);
    flipped.writeUInt8(flipped.readUInt8(12) ^ 0xff, 12);
    expect(read(Buffer.concat([a, flipped])).docs).toHaveLength(1);
    expect(read(Buffer.concat([a, Buffer.from('garbage!garbage!')])).docs).toHaveLength(1);
    expect(read(Buffer.concat([a, Buffer.alloc(3)])).validLength).toBe(a.length);
  });
});
