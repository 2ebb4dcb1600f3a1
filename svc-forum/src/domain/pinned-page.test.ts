import { describe, expect, it } from 'vitest';
import { Types } from 'mongoose';
import { pinnedPageSlices, restOfPage, restWindow } from './pinned-page.js';

/** The combined list [p0, p1, r0, r1, ...] paged the way the use case pages it. */
function page(pinned: number, rest: number, offset: number, limit: number): string[] {
  const s = pinnedPageSlices(pinned, offset, limit);
  const pins = Array.from({ length: pinned }, (_, i) => `p${i}`).slice(
    s.pinnedFrom,
    s.pinnedFrom + s.pinnedTake,
  );
  const others = Array.from({ length: rest }, (_, i) => `r${i}`).slice(
    s.restSkip,
    s.restSkip + s.restLimit,
  );
  return [...pins, ...others];
}

describe('pinnedPageSlices', () => {
  it('puts the pinned posts first and pages over the combined list', () => {
    expect(page(2, 5, 0, 3)).toEqual(['p0', 'p1', 'r0']);
    expect(page(2, 5, 3, 3)).toEqual(['r1', 'r2', 'r3']);
    expect(page(2, 5, 1, 2)).toEqual(['p1', 'r0']);
    expect(page(2, 5, 6, 3)).toEqual(['r4']);
  });

  it('is the plain list without pins', () => {
    expect(page(0, 4, 2, 2)).toEqual(['r2', 'r3']);
    expect(pinnedPageSlices(0, 2, 2)).toEqual({
      pinnedFrom: 0,
      pinnedTake: 0,
      restSkip: 2,
      restLimit: 2,
    });
  });

  it('never repeats or skips an item across consecutive pages', () => {
    for (const pinned of [0, 1, 2]) {
      for (const limit of [1, 2, 3, 5]) {
        const all: string[] = [];
        for (let offset = 0; offset < pinned + 7; offset += limit) {
          all.push(...page(pinned, 7, offset, limit));
        }
        expect(all).toEqual(page(pinned, 7, 0, 100));
      }
    }
  });

  it('asks the rest query for nothing when the pins fill the page', () => {
    expect(pinnedPageSlices(2, 0, 2).restLimit).toBe(0);
  });
});

describe('restOfPage', () => {
  // 40 posts in the list's order (score desc, then _id desc), with ties on the score.
  const ids = Array.from(
    { length: 40 },
    (_, i) => new Types.ObjectId(i.toString(16).padStart(24, '0')),
  );
  const rows = ids
    .map((_id, i) => ({ _id, score: Math.floor((i * 7) % 13), at: new Date(1e12 + i) }))
    .sort((a, b) => b.score - a.score || (a._id.toHexString() < b._id.toHexString() ? 1 : -1));
  const sort = { score: -1, _id: -1 } as const;

  it('is the list without the pinned posts, wherever they sit, for every page', () => {
    const choices = [[], [0], [39], [5, 6], [0, 39], [17, 3], [38, 39], [0, 1]];
    for (const at of choices) {
      const pinned = at.map((i) => rows[i]!);
      const rest = rows.filter((r) => !pinned.includes(r));
      for (let skip = 0; skip <= 40; skip++) {
        for (const limit of [1, 2, 3, 20]) {
          const w = restWindow(pinned.length, skip, limit);
          const window = rows.slice(w.skip, w.skip + w.limit);
          expect(restOfPage(window, pinned, sort, skip, limit), `${at} ${skip} ${limit}`).toEqual(
            rest.slice(skip, skip + limit),
          );
        }
      }
    }
  });

  it('orders by dates too, and reads a window at most twice the pins wider', () => {
    const byAt = [...rows].sort((a, b) => b.at.getTime() - a.at.getTime());
    const pinned = [byAt[2]!, byAt[30]!];
    const w = restWindow(2, 10, 5);
    expect(w).toEqual({ skip: 8, limit: 9 });
    expect(
      restOfPage(byAt.slice(w.skip, w.skip + w.limit), pinned, { at: -1, _id: -1 }, 10, 5),
    ).toEqual(byAt.filter((r) => !pinned.includes(r)).slice(10, 15));
  });
});
