import { BSON, MongoClient } from 'mongodb';

const { EJSON } = BSON;

/** One document's rendering, keyed `<db>.<collection>/<_id>`. */
export type Snapshot = Map<string, string>;

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
 * fuzzer can prove that a refused request changed nothing. Documents are rendered as canonical
 * EJSON with the excluded fields removed; comparing two snapshots lists what was added, removed
 * or changed, document by document.
 */
export async function openDigest(
  mongoUrl: string,
  prefix: string,
  exclusions: Exclusion[],
  services = ['identity', 'forum', 'messaging'],
) {
  const client = await MongoClient.connect(mongoUrl);
  const skip = new Set(exclusions.filter((e) => !e.fields).map((e) => e.collection));
  const drop = new Map(
    exclusions.filter((e) => e.fields).map((e) => [e.collection, new Set(e.fields)] as const),
  );

  const snapshot = async (): Promise<Snapshot> => {
    const out: Snapshot = new Map();
    await Promise.all(
      services.map(async (service) => {
        const db = client.db(`${prefix}${service}`);
        const collections = await db.listCollections({}, { nameOnly: true }).toArray();
        await Promise.all(
          collections.map(async ({ name }) => {
            const id = `${service}.${name}`;
            if (skip.has(id) || name.startsWith('system.')) return;
            const fields = drop.get(id);
            const docs = await db.collection(name).find({}).toArray();
            for (const doc of docs) {
              if (fields) for (const f of fields) delete (doc as Record<string, unknown>)[f];
              out.set(
                `${id}/${EJSON.stringify(doc._id, { relaxed: false })}`,
                EJSON.stringify(doc, { relaxed: false }),
              );
            }
          }),
        );
      }),
    );
    return out;
  };

  const diff = (before: Snapshot, after: Snapshot): DbChange[] => {
    const changes: DbChange[] = [];
    for (const [key, value] of before) {
      const now = after.get(key);
      if (now === undefined) changes.push({ key, kind: 'removed', before: value });
      else if (now !== value) changes.push({ key, kind: 'changed', before: value, after: now });
    }
    for (const [key, value] of after) {
      if (!before.has(key)) changes.push({ key, kind: 'added', after: value });
    }
    return changes;
  };

  /** Waits until two snapshots `quietMs` apart are equal (events and outbox relays done). */
  const settle = async ({ quietMs = 150, timeoutMs = 10_000 } = {}): Promise<Snapshot> => {
    const deadline = Date.now() + timeoutMs;
    let last = await snapshot();
    for (;;) {
      await new Promise((r) => setTimeout(r, quietMs));
      const now = await snapshot();
      const changes = diff(last, now);
      if (changes.length === 0) return now;
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
