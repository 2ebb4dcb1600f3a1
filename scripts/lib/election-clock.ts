import { MongoClient, ObjectId } from 'mongodb';

/**
 * Stands in for the clock in suites whose stack runs with the default minimum phase (a day):
 * moves an open election's deadlines to just past in the forum database, as if the time had
 * come. Only the two deadlines carry time: the phase is read from them, and the tally's due
 * list (the `open_by_voting_close` index) is `voting_close_at` itself, so svc-forum's sweep
 * (every second) tallies within a second or two. Wait for that with polling, never a sleep.
 */

/** The forum's database for a stack started with `dbPrefix` (scripts/lib/plan.ts: prefix + 'forum'). */
export const forumDbName = (dbPrefix = '') => `${dbPrefix}forum`;

async function moveDeadlines(
  mongoUrl: string,
  dbName: string,
  electionId: string,
  set: (past: Date) => Record<string, unknown>,
): Promise<void> {
  const mongo = await MongoClient.connect(mongoUrl);
  try {
    const res = await mongo
      .db(dbName)
      .collection('elections')
      .updateOne(
        { _id: new ObjectId(electionId), status: 'open' },
        set(new Date(Date.now() - 1000)),
      );
    if (res.matchedCount !== 1) {
      throw new Error(`no open election ${electionId} in ${dbName}.elections`);
    }
  } finally {
    await mongo.close();
  }
}

/** Nominations close now (voting is open until its own deadline). */
export function endNominations(mongoUrl: string, dbName: string, electionId: string) {
  return moveDeadlines(mongoUrl, dbName, electionId, (past) => ({
    $set: { nominations_close_at: past },
  }));
}

/** Voting closes now (and nominations with it, if still open): the next sweep tallies it. */
export function endVoting(mongoUrl: string, dbName: string, electionId: string) {
  return moveDeadlines(mongoUrl, dbName, electionId, (past) => ({
    $set: { voting_close_at: past },
    $min: { nominations_close_at: new Date(past.getTime() - 1000) },
  }));
}
