/**
 * Which of a page's items can hold the caller's vote or reaction, from the counters the writes
 * move together with the rows, in one transaction (vote-on-post, vote-on-comment,
 * react-to-post): an item with no votes holds none of the caller's, so the page reads the
 * caller's votes for the others only, and none when no item has any (issue 17: a round trip
 * and a key per item saved). Counters never written answer yes (the read decides).
 */
export const mayHoldVotes = (item: { upvotes?: number; downvotes?: number }): boolean =>
  !(item.upvotes === 0 && item.downvotes === 0);

/** As mayHoldVotes, for a post's reaction counters (all at 0, or none stored: no reaction). */
export const mayHoldReactions = (post: {
  reactions?: Partial<Record<string, number>> | undefined;
}): boolean => !post.reactions || Object.values(post.reactions).some((n) => n !== 0);
