/**
 * Reddit's hot rank (ARCHITECTURE §8): the order of magnitude of the score plus the age bonus,
 * so a post needs 10x the votes to outrank one 12.5 hours newer. Stored on the post and
 * recomputed on each vote, so "hot" is an indexed sort, not a computation per request.
 */
const EPOCH_SECONDS = 1134028003; // Reddit's reference epoch (2005-12-08)

export function hotScore(score: number, createdAt: Date): number {
  const order = Math.log10(Math.max(Math.abs(score), 1));
  const sign = Math.sign(score);
  const seconds = createdAt.getTime() / 1000 - EPOCH_SECONDS;
  return Math.round((sign * order + seconds / 45000) * 1e7) / 1e7;
}
