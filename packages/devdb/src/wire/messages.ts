import { decode, encode, type Doc } from '../bson.js';
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
}

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
      const docs: Doc[] = [];
      for (let p = nameEnd + 1; p < sectionEnd;) {
        const docSize = msg.readInt32LE(p);
        docs.push(decode(msg.subarray(p, p + docSize)));
        p += docSize;
      }
      sequences.push([name, docs]);
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
  };
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
  const body = encode(reply);
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
