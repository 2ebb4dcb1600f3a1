import { describe, expect, it } from 'vitest';
import {
  clampPage,
  foldReasons,
  pageOffset,
  profileHref,
  reportItemHref,
  reportPages,
} from './reports';

const id = '64b7f0c2a1b2c3d4e5f60718';
const post = '64b7f0c2a1b2c3d4e5f60719';

describe('reportPages', () => {
  it('counts pages from the total and follows hasMore', () => {
    expect(reportPages(1, { total: 0, hasMore: false })).toEqual({
      page: 1,
      totalPages: 0,
      hasPrevPage: false,
      hasNextPage: false,
    });
    expect(reportPages(1, { total: 41, hasMore: true })).toMatchObject({
      totalPages: 3,
      hasPrevPage: false,
      hasNextPage: true,
    });
    expect(reportPages(3, { total: 41, hasMore: false })).toMatchObject({
      hasPrevPage: true,
      hasNextPage: false,
    });
    expect(reportPages(2, { total: 10, hasMore: false }, 5).totalPages).toBe(2);
  });

  it('turns pages into offsets', () => {
    expect(pageOffset(1)).toBe(0);
    expect(pageOffset(3)).toBe(40);
    expect(pageOffset(0)).toBe(0);
    expect(pageOffset(2, 5)).toBe(5);
  });

  it('moves back to the last page that has rows', () => {
    expect(clampPage(3, 40)).toBe(2);
    expect(clampPage(3, 41)).toBe(3);
    expect(clampPage(2, 0)).toBe(1);
    expect(clampPage(1, 5)).toBe(1);
  });
});

describe('reportItemHref', () => {
  it('links a post, a comment on a known post, and no message', () => {
    expect(reportItemHref({ target_type: 'post', target_id: id })).toBe(`/post/${id}`);
    expect(reportItemHref({ target_type: 'comment', target_id: id }, post)).toBe(
      `/post/${post}#comment-${id}`,
    );
    expect(reportItemHref({ target_type: 'comment', target_id: id })).toBeNull();
    expect(reportItemHref({ target_type: 'comment', target_id: id }, null)).toBeNull();
    expect(reportItemHref({ target_type: 'message', target_id: id }, post)).toBeNull();
  });
});

describe('foldReasons', () => {
  it('counts repeated reasons in first-given order', () => {
    expect(foldReasons(['Spam', 'Harassment', 'Spam', 'Other: rude'])).toEqual([
      { reason: 'Spam', count: 2 },
      { reason: 'Harassment', count: 1 },
      { reason: 'Other: rude', count: 1 },
    ]);
    expect(foldReasons([])).toEqual([]);
  });
});

describe('profileHref', () => {
  it('links a profile by its name', () => {
    expect(profileHref('alice')).toBe('/u/alice');
    expect(profileHref('a b')).toBe('/u/a%20b');
  });
});
