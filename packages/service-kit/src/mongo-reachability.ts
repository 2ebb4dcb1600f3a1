import type { Connection, mongo } from 'mongoose';
import { isConnectionRefused } from './mongo-errors.js';

/**
 * How long after the last member stopped answering a request still waits for one to answer
 * again before the guard gives up (503). A member that closed its connections (the dev server's
 * step-down; a restart) is found again by the driver's next check, which a waiting request asks
 * for (connectMongo lets checks run 100 ms apart); a dead process refuses that check (503 then)
 * or stays silent (waited for as a slow one: see below). Short, so the first answers after a
 * crash stay well under a second.
 */
export const LOST_MEMBER_GRACE_MS = 400;

/** Whether the deployment can be waited for: a member (primary or not) answers the driver. */
export interface DatabaseReachability {
  /**
   * True while a member answers (during an election: a secondary) or is only slow to, false once
   * none has for longer than the grace; inside the grace, resolves as soon as either is known.
   */
  reachable(): boolean | Promise<boolean>;
}

/**
 * What the driver's last checks say of the deployment:
 * - `answers`: a member answered its last check (primary or not).
 * - `slow`: none answered, and a member's check timed out: the connection was open (or still
 *   being opened) but no reply came in time. A server busy with a long operation or paused looks
 *   exactly like this, so it is waited for like an election: the driver keeps checking, and
 *   operations wait in server selection (MONGO_PRIMARY_WAIT_MS) and go on when it answers. A
 *   host that vanished without a reset also looks like this; its requests then fail (503) after
 *   that wait instead of at once, the price of never calling a busy database dead.
 * - `gone`: every member refused the connection: nothing listens there (503 at once).
 * - `lost`: otherwise (connections closed or reset, e.g. a step-down or a process that just
 *   died): the driver's next check tells which, within the grace.
 */
type Reach = 'answers' | 'slow' | 'gone' | 'lost';

/** A MongoNetworkTimeoutError (the driver's socket or connect timeout), possibly wrapped. */
function isTimeout(err: unknown): boolean {
  for (let e = err, depth = 0; e instanceof Error && depth < 4; e = e.cause, depth++) {
    if (e.name === 'MongoNetworkTimeoutError') return true;
  }
  return false;
}

function reachOf(description: mongo.TopologyDescription): Reach {
  const servers = [...description.servers.values()];
  if (servers.some((server) => server.type !== 'Unknown')) return 'answers';
  if (servers.some((server) => isTimeout(server.error))) return 'slow';
  if (servers.every((server) => isConnectionRefused(server.error))) return 'gone';
  return 'lost';
}

const trackers = new WeakMap<Connection, DatabaseReachability>();

/**
 * The reachability of a connection's deployment, from the driver's own monitoring (the topology
 * description it updates on every heartbeat, each member's last error included). Mongoose calls
 * a replica set without a primary "disconnected", which also covers an election; this tells an
 * election or a slow server (wait: the driver selects the primary when it answers, mongoose
 * buffers) from a dead database (answer 503 at once). One tracker per connection.
 */
export function mongoReachability(
  conn: Connection,
  graceMs = LOST_MEMBER_GRACE_MS,
): DatabaseReachability {
  const known = trackers.get(conn);
  if (known) return known;
  const client = conn.getClient();
  // Until the driver reports a change: connected means a primary answers.
  let reach: Reach = conn.readyState === 1 ? 'answers' : 'lost';
  /** When the grace of a `lost` deployment began (-Infinity: over, down until a member answers). */
  let lostAt = reach === 'lost' ? performance.now() : 0;
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
    const next = reachOf(event.newDescription);
    // A fresh grace when the last member is lost; after a refusal or a spent grace it stays over.
    if (next === 'lost' && (reach === 'answers' || reach === 'slow')) lostAt = performance.now();
    if (next === 'gone') lostAt = -Infinity;
    reach = next;
    if (next !== 'lost') for (const wake of waiters) wake(next !== 'gone');
  });
  const tracker: DatabaseReachability = {
    reachable() {
      if (reach === 'answers' || reach === 'slow') return true;
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
          // The grace is over: down until a member answers (or is found only slow) again.
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
