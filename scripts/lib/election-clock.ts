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
  update: Record<string, unknown>,
): Promise<void> {
  const mongo = await MongoClient.connect(mongoUrl);
  try {
    const res = await mongo
      .db(dbName)
      .collection('elections')
      .updateOne({ _id: new ObjectId(electionId), status: 'open' }, update);
    if (res.matchedCount !== 1) {
      throw new Error(`no open election ${electionId} in ${dbName}.elections`);
    }
  } finally {
    await mongo.close();
  }
}

const justPast = () => new Date(Date.now() - 1000);

/** Nominations close at `at` (voting stays open until its own deadline). */
export function closeNominationsAt(mongoUrl: string, dbName: string, electionId: string, at: Date) {
  return moveDeadlines(mongoUrl, dbName, electionId, { $set: { nominations_close_at: at } });
}

/** Voting closes at `at` (and nominations before it, if they were still open then). */
export function closeVotingAt(mongoUrl: string, dbName: string, electionId: string, at: Date) {
  return moveDeadlines(mongoUrl, dbName, electionId, {
    $set: { voting_close_at: at },
    $min: { nominations_close_at: new Date(at.getTime() - 1000) },
  });
}

/** Nominations close now. */
export function endNominations(mongoUrl: string, dbName: string, electionId: string) {
  return closeNominationsAt(mongoUrl, dbName, electionId, justPast());
}

/** Voting closes now: the next sweep tallies it. */
export function endVoting(mongoUrl: string, dbName: string, electionId: string) {
  return closeVotingAt(mongoUrl, dbName, electionId, justPast());
}
