import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness, type TestUser } from './test-support/harness.js';
import { comment, communityWithPost } from './test-support/comments.js';

/** Whatever arrives at a comment route, the answer is a 4xx in the error shape, never a 500. */
let h: Harness;
let alice: TestUser;
let post: string;
let target: string;

beforeAll(async () => {
  h = await startHarness();
  alice = await h.user('alicecomments');
  ({ post } = await communityWithPost(h, alice));
  target = (await comment(h, alice, post)).id;
});
afterAll(async () => h?.stop());

const expect4xx = (res: { status: number; body: Record<string, unknown> }, what: string) => {
  expect(res.status, `${what}: ${JSON.stringify(res.body)}`).toBeGreaterThanOrEqual(400);
  expect(res.status, what).toBeLessThan(500);
  expect(typeof res.body.error, what).toBe('string');
};

const BAD_IDS = [
  'nope',
  '123',
  '64b7f0c2a1b2c3d4e5f6079',
  'zzzzzzzzzzzzzzzzzzzzzzzz',
  '{"$gt":""}',
];

describe('bad ids', () => {
  const paths = (id: string) => [
    ['GET', `/api/comments/post/${id}`],
    ['GET', `/api/posts/${id}/comments`],
    ['GET', `/api/comments/${id}`],
    ['PUT', `/api/comments/${id}`],
    ['DELETE', `/api/comments/${id}`],
    ['POST', `/api/comments/${id}/vote`],
    ['GET', `/api/comments/${id}/vote`],
    ['GET', `/api/comments/${id}/replies`],
    ['POST', `/api/comments/${id}/save`],
    ['DELETE', `/api/comments/${id}/save`],
    ['GET', `/api/comments/${id}/saved`],
  ];
  it.each(BAD_IDS)('answers 4xx for id %s on every route', async (id) => {
    for (const [method, path] of paths(encodeURIComponent(id))) {
      expect4xx(
        await h.call(method!, path!, { as: alice, ...(method === 'GET' ? {} : { body: {} }) }),
        `${method} ${path}`,
      );
    }
  });
});

const INJECTIONS: unknown[] = [{ $gt: '' }, { $ne: null }, ['a', 'b'], 12, true, null];

describe('operator injection and wrong types in every body field', () => {
  const bodies: [string, string, () => string, () => Record<string, unknown>][] = [
    [
      'POST',
      'create',
      () => '/api/comments',
      () => ({ content: 'hi', post_id: post, parent_id: target }),
    ],
    ['PUT', 'edit', () => `/api/comments/${target}`, () => ({ content: 'hi' })],
    ['POST', 'vote', () => `/api/comments/${target}/vote`, () => ({ vote_type: 1 })],
  ];
  for (const [method, label, path, make] of bodies) {
    it(`${label}: every field`, async () => {
      for (const field of Object.keys(make())) {
        for (const value of INJECTIONS) {
          // parent_id may be null (a top-level comment).
          if (field === 'parent_id' && value === null) continue;
          const res = await h.call(method, path(), {
            as: alice,
            body: { ...make(), [field]: value },
          });
          expect4xx(res, `${method} ${path()} ${field}=${JSON.stringify(value)}`);
        }
      }
    });
  }

  it('refuses non-object bodies, malformed JSON and oversize content', async () => {
    for (const raw of ['[]', '"text"', '42', 'null', '{"content":', '{"$gt":1}']) {
      expect4xx(
        await h.call('POST', '/api/comments', {
          as: alice,
          rawBody: raw,
          headers: { 'Content-Type': 'application/json' },
        }),
        raw,
      );
    }
    const huge = 'x'.repeat(200_000);
    expect4xx(
      await h.call('POST', '/api/comments', { as: alice, body: { content: huge, post_id: post } }),
      'huge create',
    );
    expect4xx(
      await h.call('PUT', `/api/comments/${target}`, { as: alice, body: { content: huge } }),
      'huge edit',
    );
  });
});

describe('bad queries', () => {
  it.each([
    () => `/api/comments/post/${post}?sortBy=hot`,
    () => `/api/comments/post/${post}?limit=0`,
    () => `/api/comments/post/${post}?limit=101`,
    () => `/api/comments/post/${post}?offset=-1`,
    () => `/api/posts/${post}/comments?limit=abc`,
    () => `/api/comments/${target}/replies?sortBy=$gt`,
    () => '/api/comments/saved/my?limit=-5',
    () => '/api/auth/me/comments?offset=x',
    () => `/api/auth/user/${alice.username}/comments?limit=1000`,
  ])('%s', async (make) => {
    expect4xx(await h.call('GET', make(), { as: alice }), make());
  });
});
