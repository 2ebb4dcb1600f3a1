import { describe, expect, it } from 'vitest';
import { pinnedPageSlices } from './pinned-page.js';

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
