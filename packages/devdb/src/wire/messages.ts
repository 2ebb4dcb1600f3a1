import { decode, encode, type Doc } from '../bson.js';
import { encodeCursorReply, encodedBatch } from './encoded-docs.js';
import { PAUSE, type Pausing, type Slice } from '../engine/pausing.js';
import {
  HEADER_SIZE,
  MSG_CHECKSUM_PRESENT,
  MSG_EXHAUST_ALLOWED,
  MSG_MORE_TO_COME,
  OP_COMPRESSED,
  OP_MSG,
  OP_QUERY,
  OP_REPLY,
} from './opcodes.js';

export interface Request {
  requestId: number;
  opCode: number;
  /** The command document, with kind-1 document sequences merged in as arrays. */
  command: Doc;
  /** The database (`$db` for OP_MSG, the namespace prefix for OP_QUERY). */
  db: string;
  /** The client asked for no reply (OP_MSG moreToCome, e.g. w:0 writes). */
  noReply: boolean;
  /** The client accepts a stream of replies (OP_MSG exhaustAllowed: streaming hello). */
  exhaustAllowed: boolean;
  /**
   * Long document sequences (e.g. an insert of 100,000 documents) left to decode: the
   * connection decodes them with decodeSequences, pausing, before it runs the command.
   */
  undecoded?: Undecoded[];
}

interface Undecoded {
  name: string;
  msg: Buffer;
  /** Where each document starts. */
  offsets: number[];
}

/** Sequences up to this many documents are decoded at once, when the message is parsed. */
const DECODE_AT_ONCE = 1000;

export function parseRequest(msg: Buffer): Request {
  const requestId = msg.readInt32LE(4);
  const opCode = msg.readInt32LE(12);
  if (opCode === OP_MSG) return parseOpMsg(msg, requestId);
  if (opCode === OP_QUERY) return parseOpQuery(msg, requestId);
  if (opCode === OP_COMPRESSED) throw new Error('compression was not negotiated');
  throw new Error(`unsupported opCode ${opCode}`);
}

function parseOpMsg(msg: Buffer, requestId: number): Request {
  const flags = msg.readUInt32LE(HEADER_SIZE);
  // The CRC-32C trailer (if any) is not verified: TCP already checksums loopback traffic.
  const end = flags & MSG_CHECKSUM_PRESENT ? msg.length - 4 : msg.length;
  let pos = HEADER_SIZE + 4;
  let body: Doc | undefined;
  const sequences: [string, Doc[]][] = [];
  const undecoded: Undecoded[] = [];
  while (pos < end) {
    const kind = msg[pos++];
    if (kind === 0) {
      const size = msg.readInt32LE(pos);
      body = decode(msg.subarray(pos, pos + size));
      pos += size;
    } else if (kind === 1) {
      const size = msg.readInt32LE(pos);
      const sectionEnd = pos + size;
      const nameEnd = msg.indexOf(0, pos + 4);
      const name = msg.toString('utf8', pos + 4, nameEnd);
      const offsets: number[] = [];
      for (let p = nameEnd + 1; p < sectionEnd;) {
        const docSize = msg.readInt32LE(p);
        if (docSize < 5 || p + docSize > sectionEnd) throw new Error('invalid document sequence');
        offsets.push(p);
        p += docSize;
      }
      if (offsets.length > DECODE_AT_ONCE) undecoded.push({ name, msg, offsets });
      else sequences.push([name, offsets.map((p) => decodeAt(msg, p))]);
      pos = sectionEnd;
    } else {
      throw new Error(`invalid OP_MSG section kind ${String(kind)}`);
    }
  }
  if (!body) throw new Error('OP_MSG without a body section');
  for (const [name, docs] of sequences) body[name] = docs;
  return {
    requestId,
    opCode: OP_MSG,
    command: body,
    db: typeof body.$db === 'string' ? body.$db : 'admin',
    noReply: (flags & MSG_MORE_TO_COME) !== 0,
    exhaustAllowed: (flags & MSG_EXHAUST_ALLOWED) !== 0,
    ...(undecoded.length ? { undecoded } : {}),
  };
}

const decodeAt = (msg: Buffer, p: number): Doc => decode(msg.subarray(p, p + msg.readInt32LE(p)));

/**
 * Decodes a request's long document sequences into its command, pausing between documents
 * when the slice is used up: decoding 100,000 documents takes longer than a slice.
 */
export function* decodeSequences(req: Request, slice: Slice): Pausing<void> {
  for (const { name, msg, offsets } of req.undecoded ?? []) {
    const docs: Doc[] = [];
    for (const p of offsets) {
      docs.push(decodeAt(msg, p));
      if (docs.length % 128 === 0 && slice.over) yield PAUSE;
    }
    req.command[name] = docs;
  }
  req.undecoded = undefined;
}

/** Legacy OP_QUERY: only used by drivers for the first hello/isMaster on `admin.$cmd`. */
function parseOpQuery(msg: Buffer, requestId: number): Request {
  let pos = HEADER_SIZE + 4;
  const nameEnd = msg.indexOf(0, pos);
  const ns = msg.toString('utf8', pos, nameEnd);
  pos = nameEnd + 1 + 8;
  const size = msg.readInt32LE(pos);
  let command = decode(msg.subarray(pos, pos + size));
  // Some clients wrap the command as { $query: {...}, $readPreference: ... }.
  if (command.$query && typeof command.$query === 'object') command = command.$query as Doc;
  return {
    requestId,
    opCode: OP_QUERY,
    command,
    db: ns.split('.')[0] ?? 'admin',
    noReply: false,
    exhaustAllowed: false,
  };
}

let nextResponseId = 1;

function header(length: number, responseTo: number, opCode: number): Buffer {
  const h = Buffer.allocUnsafe(HEADER_SIZE);
  h.writeInt32LE(length, 0);
  h.writeInt32LE(nextResponseId++ & 0x7fffffff, 4);
  h.writeInt32LE(responseTo, 8);
  h.writeInt32LE(opCode, 12);
  return h;
}

/** `moreToCome` tells the client that further replies follow without a request. */
export function encodeReply(req: Request, reply: Doc, moreToCome = false): Buffer {
  const encoded = encodedBatch(reply);
  const body = encoded ? encodeCursorReply(reply, encoded.key, encoded.batch) : encode(reply);
  if (req.opCode === OP_QUERY) {
    const fixed = Buffer.alloc(20);
    fixed.writeInt32LE(8, 0); // AwaitCapable
    fixed.writeInt32LE(1, 16); // numberReturned
    const total = HEADER_SIZE + fixed.length + body.length;
    return Buffer.concat([header(total, req.requestId, OP_REPLY), fixed, body], total);
  }
  const total = HEADER_SIZE + 5 + body.length;
  const out = Buffer.allocUnsafe(total);
  header(total, req.requestId, OP_MSG).copy(out, 0);
  out.writeUInt32LE(moreToCome ? MSG_MORE_TO_COME : 0, HEADER_SIZE);
  out[HEADER_SIZE + 4] = 0;
  body.copy(out, HEADER_SIZE + 5);
  return out;
}
