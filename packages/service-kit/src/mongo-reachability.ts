import type { Connection, mongo } from 'mongoose';
import { isConnectionRefused } from './mongo-errors.js';

/**
 * How long after the last member stopped answering a request still waits for one to answer
 * again before the guard gives up (503). A member that closed its connections (the dev server's
 * step-down; a restart) is found again by the driver's next check, which a waiting request asks
 * for (connectMongo lets checks run 100 ms apart); a dead process refuses that check (503 then)
 * or stays silent (503 after the grace). Short, so the first answers after a crash stay well
 * under a second.
 */
export const LOST_MEMBER_GRACE_MS = 400;

/** Whether the deployment can be waited for: a member (primary or not) answers the driver. */
export interface DatabaseReachability {
  /**
   * True while a member answers (during an election: a secondary), false once none has for
   * longer than the grace; inside the grace, resolves as soon as either is known.
   */
  reachable(): boolean | Promise<boolean>;
}

const trackers = new WeakMap<Connection, DatabaseReachability>();

const anyMemberAnswers = (description: mongo.TopologyDescription): boolean =>
  [...description.servers.values()].some((server) => server.type !== 'Unknown');

/** Every member's last check was refused: nothing listens there any more (no grace needed). */
const allRefused = (description: mongo.TopologyDescription): boolean =>
  [...description.servers.values()].every((server) => isConnectionRefused(server.error));

/**
 * The reachability of a connection's deployment, from the driver's own monitoring (the topology
 * description it updates on every heartbeat). Mongoose calls a replica set without a primary
 * "disconnected", which also covers an election; this tells an election (wait: the driver
 * selects the new primary, mongoose buffers) from a dead database (answer 503 at once).
 * One tracker per connection.
 */
export function mongoReachability(
  conn: Connection,
  graceMs = LOST_MEMBER_GRACE_MS,
): DatabaseReachability {
  const known = trackers.get(conn);
  if (known) return known;
  const client = conn.getClient();
  // Until the driver reports a change: connected means a primary answers.
  let answering = conn.readyState === 1;
  let lostAt = answering ? 0 : performance.now();
  const waiters = new Set<(answers: boolean) => void>();
  let probing = false;
  // An operation waiting for a server makes the driver check every member now instead of at the
  // next heartbeat; "nearest" lets any member that answers end it.
  const probe = () => {
    if (probing || !conn.db) return;
    probing = true;
    conn.db
      .command({ ping: 1 }, { readPreference: 'nearest', timeoutMS: graceMs })
      .catch(() => undefined)
      .finally(() => (probing = false));
  };
  client.on('topologyDescriptionChanged', (event) => {
    const now = anyMemberAnswers(event.newDescription);
    if (answering && !now) lostAt = performance.now();
    answering = now;
    if (!now && allRefused(event.newDescription)) lostAt = -Infinity;
    if (now || lostAt === -Infinity) for (const wake of waiters) wake(now);
  });
  const tracker: DatabaseReachability = {
    reachable() {
      if (answering) return true;
      const left = lostAt + graceMs - performance.now();
      if (left <= 0) return false;
      probe();
      return new Promise<boolean>((resolve) => {
        const done = (answers: boolean) => {
          clearTimeout(timer);
          waiters.delete(done);
          resolve(answers);
        };
        const timer = setTimeout(() => {
          // The grace is over: down until a member answers again.
          lostAt = -Infinity;
          done(false);
        }, left);
        waiters.add(done);
      });
    },
  };
  trackers.set(conn, tracker);
  return tracker;
}
