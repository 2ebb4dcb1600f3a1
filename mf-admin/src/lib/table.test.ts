import { describe, expect, it } from 'vitest';
import { ariaSort, DEFAULT_SORT, isPageSize, nextSort, pageWindow } from './table';

describe('nextSort (spec §4)', () => {
  it('toggles DESC/ASC on the same column', () => {
    const asc = nextSort(DEFAULT_SORT, 'created_at');
    expect(asc).toEqual({ sortBy: 'created_at', sortOrder: 'asc' });
    expect(nextSort(asc, 'created_at')).toEqual({ sortBy: 'created_at', sortOrder: 'desc' });
  });

  it('starts another column at DESC', () => {
    expect(nextSort({ sortBy: 'created_at', sortOrder: 'asc' }, 'username')).toEqual({
      sortBy: 'username',
      sortOrder: 'desc',
    });
  });

  it('sets aria-sort on the sorted column only', () => {
    expect(ariaSort(DEFAULT_SORT, 'created_at')).toBe('descending');
    expect(ariaSort({ sortBy: 'email', sortOrder: 'asc' }, 'email')).toBe('ascending');
    expect(ariaSort(DEFAULT_SORT, 'email')).toBe('none');
  });
});

describe('pageWindow (spec §9: up to 5 page buttons)', () => {
  it('shows every page when there are at most 5', () => {
    expect(pageWindow(1, 0)).toEqual([]);
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(2, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(5, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it('centres the current page and clamps at both ends', () => {
    expect(pageWindow(1, 20)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(3, 20)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(4, 20)).toEqual([2, 3, 4, 5, 6]);
    expect(pageWindow(10, 20)).toEqual([8, 9, 10, 11, 12]);
    expect(pageWindow(19, 20)).toEqual([16, 17, 18, 19, 20]);
    expect(pageWindow(20, 20)).toEqual([16, 17, 18, 19, 20]);
  });

  it('clamps a current page out of range', () => {
    expect(pageWindow(99, 7)).toEqual([3, 4, 5, 6, 7]);
    expect(pageWindow(0, 7)).toEqual([1, 2, 3, 4, 5]);
  });

  it('knows the page sizes', () => {
    expect([25, 50, 100].every(isPageSize)).toBe(true);
    expect(isPageSize(10)).toBe(false);
  });
});
