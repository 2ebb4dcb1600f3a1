import type mongoose from 'mongoose';

/**
 * Runs `op` while `other` (another client) pings the server; returns the op's result and how
 * many pings were answered while it was still running.
 */
export async function withPings<T>(
  other: mongoose.mongo.MongoClient,
  op: () => Promise<T>,
): Promise<{ result: T; answered: number }> {
  let done = false;
  let answered = 0;
  const running = op().finally(() => (done = true));
  const pings = (async () => {
    while (!done) {
      await other.db('admin').command({ ping: 1 });
      if (!done) answered++;
    }
  })();
  const result = await running;
  await pings;
  return { result, answered };
}
