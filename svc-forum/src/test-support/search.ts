import { expect } from 'vitest';
import {
  CommentSearchResponse,
  CommunitySearchResponse,
  PostSearchResponse,
} from '@forum/contracts';
import type { Harness, TestUser } from './harness.js';

let seq = 0;
const LETTERS = 'bcdfghjklmnpqrstvwxz';

/**
 * A word no other test writes (letters only, so it is one word and stems to itself): tests in a
 * file share one database, and a text index searches all of it.
 */
export function uniqueWord(prefix = 'zq'): string {
  let n = ++seq;
  let tail = '';
  do {
    tail += LETTERS[n % LETTERS.length];
    n = Math.floor(n / LETTERS.length);
  } while (n > 0);
  return `${prefix}${tail}x`;
}

type Params = Record<string, string | number>;
const query = (params: Params) =>
  new URLSearchParams(
    Object.entries(params).map(([k, v]): [string, string] => [k, String(v)]),
  ).toString();

/** GET /api/search/{kind}?params as `as` (a visitor when absent): status and raw body. */
export const searchCall = (h: Harness, kind: string, params: Params, as?: TestUser) =>
  h.call('GET', `/api/search/${kind}?${query(params)}`, as ? { as } : {});

async function ok200(h: Harness, kind: string, params: Params, as?: TestUser) {
  const res = await searchCall(h, kind, params, as);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

export const searchPosts = async (h: Harness, params: Params, as?: TestUser) =>
  PostSearchResponse.parse(await ok200(h, 'posts', params, as));

export const searchComments = async (h: Harness, params: Params, as?: TestUser) =>
  CommentSearchResponse.parse(await ok200(h, 'comments', params, as));

export const searchCommunities = async (h: Harness, params: Params, as?: TestUser) =>
  CommunitySearchResponse.parse(await ok200(h, 'communities', params, as));
