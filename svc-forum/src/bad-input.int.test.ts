import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CommunityResponse, PostResponse } from '@forum/contracts';
import {
  communityBody,
  startHarness,
  textPost,
  uniqueName,
  type Harness,
  type TestUser,
} from './test-support/harness.js';

/** Whatever arrives, the answer is a 4xx in the error shape, never a 500 or a changed query. */
let h: Harness;
let alice: TestUser;
let community: string;
let post: string;

beforeAll(async () => {
  h = await startHarness();
  alice = await h.user('alice');
  community = CommunityResponse.parse(
    (
      await h.call('POST', '/api/communities', {
        as: alice,
        body: communityBody(uniqueName('bad')),
      })
    ).body,
  ).community.id;
  post = PostResponse.parse(
    (await h.call('POST', '/api/posts', { as: alice, body: textPost(community) })).body,
  ).post.id;
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
  '64b7f0c2a1b2c3d4e5f607999',
  'zzzzzzzzzzzzzzzzzzzzzzzz',
  '%24gt',
  '{"$gt":""}',
];

describe('bad ids', () => {
  const paths = (id: string) => [
    ['GET', `/api/communities/id/${id}`],
    ['GET', `/api/communities/${id}/membership`],
    ['GET', `/api/communities/${id}/members`],
    ['POST', `/api/communities/${id}/join`],
    ['POST', `/api/communities/${id}/leave`],
    ['PUT', `/api/communities/${id}`],
    ['DELETE', `/api/communities/${id}`],
    ['DELETE', `/api/communities/${id}/logo`],
    ['GET', `/api/posts/${id}`],
    ['PUT', `/api/posts/${id}`],
    ['DELETE', `/api/posts/${id}`],
    ['POST', `/api/posts/${id}/vote`],
    ['GET', `/api/posts/${id}/vote`],
    ['GET', `/api/posts/${id}/reactions`],
    ['POST', `/api/posts/${id}/reactions`],
    ['DELETE', `/api/posts/${id}/reactions`],
    ['POST', `/api/posts/${id}/save`],
    ['DELETE', `/api/posts/${id}/save`],
    ['GET', `/api/posts/${id}/saved`],
    ['GET', `/api/post-subscriptions/${id}/status`],
    ['POST', `/api/post-subscriptions/${id}`],
    ['DELETE', `/api/post-subscriptions/${id}`],
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

const INJECTIONS: unknown[] = [
  { $gt: '' },
  { $ne: null },
  { $where: '1' },
  ['a', 'b'],
  12,
  true,
  null,
];

describe('operator injection and wrong types in every body field', () => {
  const bodies: [
    string,
    string,
    (w: { community: string; post: string }) => Record<string, unknown>,
  ][] = [
    ['POST', '/api/communities', () => communityBody(uniqueName('inj'))],
    [
      'PUT',
      `/api/communities/{community}`,
      () => ({ description: 'A fine description', rules: 'Rules ok' }),
    ],
    ['POST', '/api/posts', (w) => textPost(w.community)],
    ['PUT', `/api/posts/{post}`, () => ({ title: 'Fine', content: 'Fine' })],
    ['POST', `/api/posts/{post}/vote`, () => ({ vote_type: 1 })],
    ['POST', `/api/posts/{post}/reactions`, () => ({ reaction_type: 'heart' })],
  ];
  for (const [method, template, make] of bodies) {
    const fields = Object.keys(make({ community, post: '' }));
    for (const field of fields) {
      it(`${method} ${template} field ${field}`, async () => {
        const path = template.replace('{community}', community).replace('{post}', post);
        for (const value of INJECTIONS) {
          // is_nsfw accepts booleans.
          if (field === 'is_nsfw' && typeof value === 'boolean') continue;
          const body = { ...make({ community, post }), [field]: value };
          expect4xx(
            await h.call(method, path, { as: alice, body }),
            `${field}=${JSON.stringify(value)}`,
          );
        }
      });
    }
  }

  it('refuses non-object bodies and malformed JSON', async () => {
    for (const raw of ['[]', '"text"', '42', 'null', '{"title":', '{"$gt":1}']) {
      const res = await h.call('POST', '/api/posts', {
        as: alice,
        rawBody: raw,
        headers: { 'Content-Type': 'application/json' },
      });
      expect4xx(res, raw);
    }
  });

  it('refuses oversize strings', async () => {
    const huge = 'x'.repeat(200_000);
    for (const [method, path, body] of [
      ['POST', '/api/communities', communityBody(huge)],
      ['POST', '/api/communities', { ...communityBody(uniqueName()), description: huge }],
      ['POST', '/api/communities', { ...communityBody(uniqueName()), rules: huge }],
      ['POST', '/api/posts', { ...textPost(community), title: huge }],
      ['POST', '/api/posts', { ...textPost(community), content: huge }],
      ['PUT', `/api/posts/${post}`, { title: 'ok', content: huge }],
      ['PUT', `/api/communities/${community}`, { description: huge, rules: 'Rules ok' }],
    ] as const) {
      expect4xx(await h.call(method, path, { as: alice, body }), `${method} ${path}`);
    }
  });
});

describe('bad queries', () => {
  it.each([
    '/api/posts?sort=best',
    '/api/posts?limit=0',
    '/api/posts?limit=101',
    '/api/posts?limit=abc',
    '/api/posts?offset=-1',
    '/api/posts?community_id=nope',
    '/api/posts?community_id[$gt]=',
    '/api/posts?author_id=a&author_id=b',
    '/api/posts?feed=everything',
    '/api/communities?limit=1000',
    '/api/communities?offset=x',
    '/api/auth/user/alice/posts?sortBy=best',
    '/api/posts/saved/my?limit=-5',
  ])('%s', async (path) => {
    const res = await h.call('GET', path, { as: alice });
    if (path.includes('[$gt]')) {
      // Unknown keys are ignored: the filter is not changed by them.
      expect(res.status).toBe(200);
      return;
    }
    expect4xx(res, path);
  });

  it('ignores operators smuggled as community names', async () => {
    const res = await h.call('GET', `/api/communities/name/${encodeURIComponent('{"$ne":null}')}`);
    expect(res.status).toBe(404);
  });
});
