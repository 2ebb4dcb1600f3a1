import type net from 'node:net';
import type { Doc } from './bson.js';
import { isAwaitableHello, streamHello } from './awaitable-hello.js';
import { runCommand, type Caller } from './commands/run-command.js';
import type { Logger } from './logger.js';
import type { Node } from './node.js';
import type { ReplyQueue } from './reply-queue.js';
import type { Transaction } from './txn/transaction.js';
import { MessageFramer } from './wire/framer.js';
import { drive, Slice } from './engine/pausing.js';
import { decodeSequences, encodeReply, parseRequest, type Request } from './wire/messages.js';

let nextConnectionId = 1;

/**
 * Serves one client socket. Requests run one at a time in arrival order; most run
 * synchronously to completion. A request that must wait (for a transaction's lock, or a
 * streaming hello) or that pauses to let other connections in (a long read, a write over many
 * documents, the decoding of a long document sequence) holds back the ones behind it on this
 * connection only, and resumes from an event, never by polling.
 */
export class ClientConnection {
  readonly caller: Caller;
  private readonly framer = new MessageFramer();
  private readonly queue: Request[] = [];
  /** Set while the first queued request waits: cancels that wait. */
  private waiting: (() => void) | undefined;

  constructor(
    private readonly socket: net.Socket,
    private readonly node: Node,
    private readonly replies: ReplyQueue,
    private readonly log: Logger,
  ) {
    this.caller = {
      connectionId: nextConnectionId++,
      remote: `${socket.remoteAddress ?? ''}:${socket.remotePort ?? 0}`,
    };
    socket.setNoDelay(true);
    socket.on('data', (chunk: Buffer) => this.receive(chunk));
    socket.on('error', () => socket.destroy());
    socket.on('close', () => this.closed());
  }

  get id(): number {
    return this.caller.connectionId;
  }

  close(): void {
    this.socket.destroy();
  }

  private receive(chunk: Buffer): void {
    try {
      for (const msg of this.framer.push(chunk)) this.queue.push(parseRequest(msg));
    } catch (err) {
      this.drop(err);
      return;
    }
    this.pump();
  }

  /** Runs queued requests until one has to wait. Also called by timers and lock releases. */
  private pump(): void {
    try {
      this.runQueued();
    } catch (err) {
      this.drop(err);
    }
  }

  private drop(err: unknown): void {
    this.log.warn?.(`devdb: dropping connection: ${String(err)}`);
    this.socket.destroy();
  }

  private runQueued(): void {
    while (!this.waiting && this.queue.length > 0 && !this.socket.destroyed) {
      const req = this.queue[0]!;
      if (req.undecoded) {
        const slice = new Slice();
        const decoded = drive(decodeSequences(req, slice), slice);
        if (decoded instanceof Promise) {
          this.awaitDecoding(decoded);
          return;
        }
      }
      if (isAwaitableHello(req)) {
        this.waiting = streamHello(this.node.member, req, (more) => this.answerHello(req, more));
        return;
      }
      const outcome = runCommand(this.node, req.command, req.db, this.caller);
      if (outcome.blockedBy) {
        this.waitForLock(outcome.blockedBy, outcome.waiter);
        return;
      }
      if (outcome.pending) {
        this.awaitReply(req, outcome.pending);
        return;
      }
      this.queue.shift();
      this.send(req, outcome.reply);
    }
  }

  /** A command that paused: later requests on this connection wait for its reply, in order. */
  private awaitReply(req: Request, pending: Promise<Doc>): void {
    let cancelled = false;
    this.waiting = () => (cancelled = true);
    void pending.then((reply) => {
      if (cancelled) return;
      this.waiting = undefined;
      this.queue.shift();
      this.send(req, reply);
      this.pump();
    });
  }

  /** A request whose long document sequences are being decoded, pausing: it runs after. */
  private awaitDecoding(decoded: Promise<void>): void {
    let cancelled = false;
    this.waiting = () => (cancelled = true);
    decoded.then(
      () => {
        if (cancelled) return;
        this.waiting = undefined;
        this.pump();
      },
      (err: unknown) => this.drop(err),
    );
  }

  private waitForLock(holder: Transaction, waiter: Transaction | undefined): void {
    if (waiter) waiter.waitingFor = holder;
    const cancel = this.node.sessions.locks.wait(() => {
      this.waiting = undefined;
      if (waiter) waiter.waitingFor = undefined;
      this.pump();
    });
    this.waiting = () => {
      cancel();
      if (waiter) waiter.waitingFor = undefined;
    };
  }

  private answerHello(req: Request, more: boolean): void {
    // hello touches no database, so it never waits for a lock.
    const { reply } = runCommand(this.node, req.command, req.db, this.caller) as { reply: Doc };
    if (more) {
      this.send(req, reply, true);
      return;
    }
    this.waiting = undefined;
    this.queue.shift();
    this.send(req, reply);
    this.pump();
  }

  private send(req: Request, reply: Doc, moreToCome = false): void {
    if (!req.noReply && !this.socket.destroyed)
      this.replies.send(this.socket, encodeSafely(req, reply, moreToCome));
  }

  private closed(): void {
    this.waiting?.();
    this.waiting = undefined;
    this.queue.length = 0;
    this.node.sessions.connectionClosed(this.id);
  }
}

/** A reply that cannot be encoded (e.g. over the BSON size limit) becomes an error reply. */
function encodeSafely(req: Request, reply: Doc, moreToCome: boolean): Buffer {
  try {
    return encodeReply(req, reply, moreToCome);
  } catch (err) {
    return encodeReply(req, {
      ok: 0,
      code: 10334,
      codeName: 'BSONObjectTooLarge',
      errmsg: `devdb could not encode the reply: ${String(err)}`,
    });
  }
}
