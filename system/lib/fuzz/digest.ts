import { BSON, MongoClient } from 'mongodb';

const { EJSON } = BSON;

/** settle's pause between snapshots when it can ask whether events are in flight. */
const STEP_MS = 25;

/**
 * Every document of the watched collections as stored: keyed by its collection and its exact BSON
 * bytes (so an unchanged document is the same key), holding the bytes to render on a difference.
 */
export type Snapshot = Map<string, { collection: string; raw: Buffer }>;

export interface Exclusion {
  /** Collection as `<service>.<collection>` (the service part has the stack's prefix removed). */
  collection: string;
  /** Fields left out of every document; omitted = the whole collection is left out. */
  fields?: string[];
  /** Why this legitimately changes on a refused request (shown when the digest is printed). */
  why: string;
}

export interface DbChange {
  key: string;
  kind: 'added' | 'removed' | 'changed';
  before?: string;
  after?: string;
}

/**
 * Snapshots every collection of the stack's three databases (identity, forum, messaging) so the
 * fuzzer can prove that a refused request changed nothing. Documents are compared by their BSON
 * bytes, read raw (decoding and rendering every document made each snapshot cost ~70 µs per
 * document; the fuzzer takes about a thousand); excluded fields are removed first. Only the
 * documents that differ are decoded, to list what was added, removed or changed.
 */
export async function openDigest(
  mongoUrl: string,
  prefix: string,
  exclusions: Exclusion[],
  {
    services = ['identity', 'forum', 'messaging'],
    eventsIdle,
  }: {
    services?: string[];
    /**
     * True while no event is in flight (lib/fuzz/events-idle.ts). With it, settle returns as
     * soon as two snapshots a moment apart agree, no outbox holds an event and this says so,
     * instead of waiting out its whole quiet time.
     */
    eventsIdle?: () => Promise<boolean>;
  } = {},
) {
  const client = await MongoClient.connect(mongoUrl);
  const skip = new Set(exclusions.filter((e) => !e.fields).map((e) => e.collection));
  const drop = new Map(
    exclusions.filter((e) => e.fields).map((e) => [e.collection, new Set(e.fields)] as const),
  );
  const withoutFields = (raw: Buffer, fields: Set<string>): Buffer => {
    const doc = BSON.deserialize(raw, { promoteValues: false, promoteBuffers: false });
    for (const f of fields) delete doc[f];
    return Buffer.from(BSON.serialize(doc));
  };

  const snapshot = async (): Promise<Snapshot> => {
    const out: Snapshot = new Map();
    await Promise.all(
      services.map(async (service) => {
        const db = client.db(`${prefix}${service}`);
        const collections = await db.listCollections({}, { nameOnly: true }).toArray();
        await Promise.all(
          collections.map(async ({ name }) => {
            const collection = `${service}.${name}`;
            if (skip.has(collection) || name.startsWith('system.')) return;
            const fields = drop.get(collection);
            // raw: the driver hands back each document's bytes undecoded.
            const docs = (await db
              .collection(name)
              .find({}, { raw: true })
              .toArray()) as unknown as Buffer[];
            for (const stored of docs) {
              const raw = fields ? withoutFields(stored, fields) : stored;
              out.set(`${collection}\0${raw.toString('latin1')}`, { collection, raw });
            }
          }),
        );
      }),
    );
    return out;
  };

  const render = (raw: Buffer) => EJSON.stringify(BSON.deserialize(raw), { relaxed: false });
  const keyOf = ({ collection, raw }: { collection: string; raw: Buffer }) =>
    `${collection}/${EJSON.stringify(BSON.deserialize(raw)._id, { relaxed: false })}`;

  const diff = (before: Snapshot, after: Snapshot): DbChange[] => {
    // A changed document is one set of bytes gone and another come with the same _id.
    const gone = new Map<string, string>();
    for (const [bytes, doc] of before) if (!after.has(bytes)) gone.set(keyOf(doc), render(doc.raw));
    const changes: DbChange[] = [];
    for (const [bytes, doc] of after) {
      if (before.has(bytes)) continue;
      const key = keyOf(doc);
      const was = gone.get(key);
      gone.delete(key);
      changes.push(
        was === undefined
          ? { key, kind: 'added', after: render(doc.raw) }
          : { key, kind: 'changed', before: was, after: render(doc.raw) },
      );
    }
    for (const [key, was] of gone) changes.push({ key, kind: 'removed', before: was });
    return changes;
  };
  /** An event written by a service's transaction and not yet relayed to NATS. */
  const holdsOutboxEvent = (snap: Snapshot) =>
    [...snap.values()].some((doc) => doc.collection.endsWith('.event_outbox'));
  /**
   * Waits until the databases stop changing (events and outbox relays done): two snapshots
   * `quietMs` apart with nothing changed between, or, with `eventsIdle`, two equal snapshots
   * STEP_MS apart, no event in an outbox and none in flight in NATS between them.
   */
  const settle = async ({ quietMs = 150, timeoutMs = 10_000 } = {}): Promise<Snapshot> => {
    const deadline = Date.now() + timeoutMs;
    const step = eventsIdle ? Math.min(STEP_MS, quietMs) : quietMs;
    let last = await snapshot();
    let quietSince = Date.now();
    for (;;) {
      await new Promise((r) => setTimeout(r, step));
      // Asked between the two snapshots: an event in flight then is still pending (its handler
      // acks after writing), and one published later came from an outbox that one of them shows.
      const idle = eventsIdle ? await eventsIdle() : false;
      const now = await snapshot();
      const changes = diff(last, now);
      if (changes.length === 0) {
        if (Date.now() - quietSince >= quietMs) return now;
        if (idle && !holdsOutboxEvent(now)) return now;
        continue;
      }
      if (Date.now() > deadline) {
        throw new Error(
          `the databases never settled within ${timeoutMs} ms; still changing: ` +
            changes
              .slice(0, 5)
              .map((c) => `${c.kind} ${c.key}`)
              .join(', '),
        );
      }
      last = now;
      quietSince = Date.now();
    }
  };

  /** Proves the digest sees a write: one document in a scratch collection, then dropped. */
  const selfTest = async (): Promise<boolean> => {
    const scratch = client.db(`${prefix}${services[0]}`).collection('fuzz_digest_selftest');
    const before = await snapshot();
    await scratch.insertOne({ at: new Date() });
    const seen = diff(before, await snapshot()).length === 1;
    await scratch.drop();
    return seen && diff(before, await snapshot()).length === 0;
  };

  return { snapshot, diff, settle, selfTest, close: () => client.close() };
}

export type Digest = Awaited<ReturnType<typeof openDigest>>;
