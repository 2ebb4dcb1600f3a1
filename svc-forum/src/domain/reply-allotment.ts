/**
 * How many replies a page of comments carries nested under its comments, by the replies' depth
 * (1, 2, 3): the first entry for replies to top-level comments, and so on. A post's page nests
 * all three levels; GET /comments/{id}/replies those below its own replies. Each level has a
 * budget for the whole page and a cap per parent, so a post's page of 50 carries at most 50 +
 * 100 + 60 + 40 comments whatever the thread's size; the reader opens the rest with "N more
 * replies" (GET /comments/{id}/replies, offset = shown). The caps shrink with depth as a
 * reader's interest does (and a reply shows as many replies wherever it appears); the budgets
 * are split across a level in turns, so every comment of the page gets its first replies before
 * any gets its tenth.
 */
export const NESTED_REPLY_LEVELS: readonly { perParent: number; budget: number }[] = [
  { perParent: 10, budget: 100 },
  { perParent: 5, budget: 60 },
  { perParent: 3, budget: 40 },
];

/**
 * Each parent's share of a level's budget (parents in page order): one reply each in turn,
 * round after round, until its replies, the cap or the budget run out; what one parent cannot
 * use goes to the others. The shares are prefixes of each parent's replies in the page's sort.
 */
export function allotReplies(
  replyCounts: readonly number[],
  level: { perParent: number; budget: number },
): number[] {
  const wants = replyCounts.map((n) => Math.min(Math.max(n, 0), level.perParent));
  const shares = wants.map(() => 0);
  let left = level.budget;
  for (let round = 1; round <= level.perParent && left > 0; round++) {
    for (let i = 0; i < wants.length && left > 0; i++) {
      if (wants[i]! < round) continue;
      shares[i] = round;
      left--;
    }
  }
  return shares;
}
