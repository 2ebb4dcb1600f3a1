import type net from 'node:net';
import type { Logger } from './logger.js';
import type { Persistence } from './storage/persistence.js';

/**
 * Group commit. A reply to a command that wrote waits here until a single fdatasync
 * (scheduled with setImmediate, so it covers every command that arrived in the same
 * event-loop turn) has made its journal records durable. Replies queued behind it keep
 * their order; with nothing to commit, replies go out at once.
 */
export class ReplyQueue {
  private queued: { socket: net.Socket; reply: Buffer }[] = [];
  private scheduled = false;

  constructor(
    private readonly persistence: Persistence | undefined,
    private readonly log: Logger,
    /** Whether the in-memory state may be snapshotted now. */
    private readonly mayCompact: () => boolean = () => true,
  ) {}

  send(socket: net.Socket, reply: Buffer): void {
    if (!this.persistence?.journal.dirty && this.queued.length === 0) {
      socket.write(reply);
      return;
    }
    this.queued.push({ socket, reply });
    this.schedule();
  }

  /** Commits soon even without a reply waiting (e.g. after a TTL sweep deleted documents). */
  schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => this.flush());
  }

  flush(): void {
    this.scheduled = false;
    const batch = this.queued;
    this.queued = [];
    try {
      this.persistence?.commit();
    } catch (err) {
      // Never acknowledge a write that is not on disk: drop those connections instead.
      this.log.error?.(`devdb: journal write failed: ${String(err)}`);
      for (const { socket } of batch) socket.destroy();
      return;
    }
    for (const { socket, reply } of batch) if (!socket.destroyed) socket.write(reply);
    if (this.persistence?.needsCompaction && this.mayCompact()) this.persistence.compact();
  }
}
