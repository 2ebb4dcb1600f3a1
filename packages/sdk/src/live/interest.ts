/** A tab's post on screen and when that tab was last focused or made visible (ms). */
export interface TabInterest {
  postId: string | null;
  at: number;
}

/** The post of the most recently focused tab that shows one (skipping refused posts), or null. */
export function chosenPost(
  interests: Iterable<TabInterest>,
  refused: ReadonlySet<string>,
): string | null {
  let best: TabInterest | null = null;
  for (const interest of interests) {
    if (!interest.postId || refused.has(interest.postId)) continue;
    if (!best || interest.at > best.at) best = interest;
  }
  return best?.postId ?? null;
}
