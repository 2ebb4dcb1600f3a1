import {
  endNominations as endNominationsIn,
  forumDbName,
} from '../../scripts/lib/election-clock.js';

/**
 * Nominations end now for one election: the hostile stack runs with the default (a day) minimum
 * phase, so the fuzzer's and the IDOR sweep's ballot cases move the close in the forum's
 * database, as if the day had passed (scripts/lib/election-clock.ts).
 */
export async function endNominations(electionId: string): Promise<void> {
  const mongoUrl = process.env.HOSTILE_MONGO_URL;
  if (!mongoUrl) throw new Error('HOSTILE_MONGO_URL not set');
  await endNominationsIn(mongoUrl, forumDbName(process.env.HOSTILE_DB_PREFIX), electionId);
}
