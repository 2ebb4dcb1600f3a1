import { useCallback, useState } from 'react';
import type { PostSort } from '@forum/contracts';

// Kept local (not the contracts' runtime value) so the home chunk does not pull in zod.
const POST_SORTS: readonly PostSort[] = ['hot', 'new', 'top'];

/** The sort stored under `key`, or `fallback`. */
export function readStoredSort(key: string, fallback: PostSort): PostSort {
  try {
    const v = localStorage.getItem(key);
    return (POST_SORTS as readonly string[]).includes(v ?? '') ? (v as PostSort) : fallback;
  } catch {
    return fallback;
  }
}

/** A sort remembered in local storage (spec §9: home and community sorts are remembered). */
export function useStoredSort(key: string, fallback: PostSort): [PostSort, (s: PostSort) => void] {
  const [sort, setSortState] = useState<PostSort>(() => readStoredSort(key, fallback));
  const setSort = useCallback(
    (s: PostSort) => {
      setSortState(s);
      try {
        localStorage.setItem(key, s);
      } catch {
        /* private mode */
      }
    },
    [key],
  );
  return [sort, setSort];
}

export const HOME_SORT_KEY = 'forum.homeSort';
export const COMMUNITY_SORT_KEY = 'forum.communitySort';
