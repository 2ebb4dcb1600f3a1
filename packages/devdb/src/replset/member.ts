import { ObjectId, Timestamp } from 'bson';
import type { Doc } from '../bson.js';
import { readCommands, writeCommands } from '../commands/kinds.js';
import { notPrimaryNoSecondaryOk, notWritablePrimary } from '../errors.js';
import { isPlainObject } from '../engine/values.js';

/**
 * This server as the only member of a replica set: what `hello` and `replSetGetStatus`
 * report, and the simulated step-down (`replSetStepDown`), during which it is a secondary
 * that refuses writes and primary-only reads, then elects itself again with a new term.
 * Every change bumps `topologyVersion`, which wakes streaming `hello`s.
 */
export class ReplicaSetMember {
  /** Identifies this process in `topologyVersion` (a restart is a new process). */
  readonly processId = new ObjectId();
  /** `host:port`, set once the server listens. */
  address = '';
  private counter = 0n;
  private term = 1n;
  private primary = true;
  private electedAt = new Date();
  private readonly startedAt = Date.now();
  private stepUpTimer: NodeJS.Timeout | undefined;
  private readonly listeners = new Set<() => void>();

  constructor(
    readonly setName: string,
    private readonly lastWriteAt: () => number,
  ) {}

  get isPrimary(): boolean {
    return this.primary;
  }

  topologyVersion(): Doc {
    return { processId: this.processId, counter: this.counter };
  }

  /** Whether a client already knows the current topology (its awaitable hello then waits). */
  isCurrent(known: unknown): boolean {
    if (!isPlainObject(known) || !(known.processId instanceof ObjectId)) return false;
    const counter = known.counter;
    return (
      known.processId.equals(this.processId) &&
      (typeof counter === 'bigint' || typeof counter === 'number') &&
      BigInt(counter) === this.counter
    );
  }

  /** The replica-set part of a `hello` reply (legacy `isMaster` says `ismaster`). */
  helloFields(legacy: boolean): Doc {
    const lastWriteDate = new Date(this.lastWriteAt());
    const opTime = {
      ts: new Timestamp({ t: Math.floor(lastWriteDate.getTime() / 1000), i: 1 }),
      t: this.term,
    };
    return {
      topologyVersion: this.topologyVersion(),
      hosts: [this.address],
      setName: this.setName,
      setVersion: 1,
      [legacy ? 'ismaster' : 'isWritablePrimary']: this.primary,
      secondary: !this.primary,
      ...(this.primary ? { primary: this.address } : {}),
      me: this.address,
      ...(this.primary ? { electionId: this.electionId() } : {}),
      lastWrite: {
        opTime,
        lastWriteDate,
        majorityOpTime: opTime,
        majorityWriteDate: lastWriteDate,
      },
    };
  }

  /** Refuses what a secondary does not serve, with the errors drivers act on. */
  checkServes(name: string, cmd: Doc): void {
    if (this.primary) return;
    if (writeCommands.has(name)) throw notWritablePrimary();
    if (readCommands.has(name) && !allowsSecondary(cmd)) throw notPrimaryNoSecondaryOk();
  }

  /** Becomes a secondary for `seconds`, then primary again in a new term. */
  stepDown(seconds: number): void {
    this.primary = false;
    this.changed();
    clearTimeout(this.stepUpTimer);
    this.stepUpTimer = setTimeout(() => this.stepUp(), seconds * 1000);
    this.stepUpTimer.unref();
  }

  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** `replSetGetStatus`, minimal: enough for health checks. */
  status(): Doc {
    const state = this.primary ? 1 : 2;
    return {
      set: this.setName,
      date: new Date(),
      myState: state,
      term: this.term,
      members: [
        {
          _id: 0,
          name: this.address,
          health: 1,
          state,
          stateStr: this.primary ? 'PRIMARY' : 'SECONDARY',
          uptime: Math.floor((Date.now() - this.startedAt) / 1000),
          ...(this.primary ? { electionDate: this.electedAt } : {}),
          self: true,
        },
      ],
      ok: 1,
    };
  }

  close(): void {
    clearTimeout(this.stepUpTimer);
    this.listeners.clear();
  }

  private stepUp(): void {
    this.term++;
    this.primary = true;
    this.electedAt = new Date();
    this.changed();
  }

  private changed(): void {
    this.counter++;
    for (const listener of [...this.listeners]) listener();
  }

  /** MongoDB derives the electionId from the term, so a newer primary has a larger one. */
  private electionId(): ObjectId {
    return new ObjectId(`7fffffff${this.term.toString(16).padStart(16, '0')}`);
  }
}

function allowsSecondary(cmd: Doc): boolean {
  const pref = cmd.$readPreference;
  return isPlainObject(pref) && typeof pref.mode === 'string' && pref.mode !== 'primary';
}
