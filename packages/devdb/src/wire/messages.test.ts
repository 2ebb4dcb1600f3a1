import { describe, expect, it } from 'vitest';
import { encode, type Doc } from '../bson.js';
import { Slice, WHOLE } from '../engine/pausing.js';
import { decodeSequences, parseRequest } from './messages.js';
import { HEADER_SIZE, OP_MSG } from './opcodes.js';

/** An OP_MSG with a body and one document sequence named `name`. */
function opMsg(body: Doc, name: string, docs: Doc[]): Buffer {
  const b = encode(body);
  const seq = Buffer.concat([Buffer.from(`${name}\0`), ...docs.map(encode)]);
  const seqSize = Buffer.alloc(4);
  seqSize.writeInt32LE(4 + seq.length);
  const parts = [Buffer.from([0]), b, Buffer.from([1]), seqSize, seq];
  const payload = Buffer.concat(parts);
  const msg = Buffer.alloc(HEADER_SIZE + 4 + payload.length);
  msg.writeInt32LE(msg.length, 0);
  msg.writeInt32LE(7, 4);
  msg.writeInt32LE(OP_MSG, 12);
  payload.copy(msg, HEADER_SIZE + 4);
  return msg;
}

const docs = (n: number): Doc[] => Array.from({ length: n }, (_, i) => ({ _id: i, s: `s${i}` }));

describe('document sequences', () => {
  it('decodes short ones with the message', () => {
    const req = parseRequest(opMsg({ insert: 'c', $db: 'd' }, 'documents', docs(10)));
    expect(req.undecoded).toBeUndefined();
    expect(req.command.documents).toEqual(docs(10));
  });

  it('leaves long ones to decode in pieces, with the same documents', () => {
    const msg = opMsg({ insert: 'c', $db: 'd' }, 'documents', docs(5000));
    const whole = parseRequest(msg);
    expect(whole.undecoded).toHaveLength(1);
    expect(decodeSequences(whole, WHOLE).next().done).toBe(true);
    expect(whole.command.documents).toEqual(docs(5000));

    const paced = parseRequest(msg);
    const steps = decodeSequences(paced, new Slice(-1));
    let pauses = 0;
    while (!steps.next().done) pauses++;
    expect(pauses).toBeGreaterThan(10);
    expect(paced.undecoded).toBeUndefined();
    expect(paced.command.documents).toEqual(docs(5000));
  });

  it('refuses a sequence whose document sizes do not add up', () => {
    const msg = opMsg({ insert: 'c', $db: 'd' }, 'documents', docs(3));
    // The last document claims to run past the end of its section.
    const last = msg.length - encode(docs(3)[2]!).length;
    msg.writeInt32LE(1000, last);
    expect(() => parseRequest(msg)).toThrow(/invalid document sequence/);
  });
});
