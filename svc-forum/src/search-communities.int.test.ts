import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Community } from '@forum/contracts';
import { startHarness, type Harness, type TestUser } from './test-support/harness.js';
import { known, ok } from './test-support/moderation.js';
import { searchCall, searchCommunities, uniqueWord } from './test-support/search.js';

/**
 * EXTENSIONS §S, communities: name prefix first (shortest name first), then every word of the
 * name or description (relevance), once each; pages over both; NSFW for signed-in users only.
 */
let h: Harness;
let owner: TestUser;
let reader: TestUser;

beforeAll(async () => {
  h = await startHarness();
  [owner, reader] = await Promise.all([h.user(), h.user()]);
  await known(h, owner, reader);
}, 60_000);
afterAll(async () => h?.stop());

async function create(name: string, description: string, is_nsfw = false) {
  const body = await ok<{ community: { id: string } }>(h, 201, 'POST', '/api/communities', {
    as: owner,
    body: { name, description, rules: 'Be kind.', is_nsfw },
  });
  return body.community.id;
}

const names = (communities: Community[]) => communities.map((c) => c.name);

describe('community search', () => {
  it('name prefix first, shortest first, then word matches without repeats', async () => {
    const p = uniqueWord('pf');
    await create(`${p}_longer`, 'a place to talk');
    await create(`${p}`, 'the shortest');
    await create(`${p}_ab`, `mentions ${p} too`);
    await create(`other_${p}_zz`, 'nothing to see');
    await create(`elsewhere${Date.now().toString(36)}`, `all about ${p} here`);
    const page = await searchCommunities(h, { q: p.toUpperCase() });
    expect(names(page.communities).slice(0, 3)).toEqual([p, `${p}_ab`, `${p}_longer`]);
    // The word match: the description; the prefix matches are not repeated.
    expect(names(page.communities).slice(3)).toHaveLength(1);
    expect(page.communities[3]!.description).toBe(`all about ${p} here`);
    expect(page.pagination).toEqual({ total: 4, hasMore: false });
  });

  it('pages over the prefix matches and the word matches together', async () => {
    const p = uniqueWord('pg');
    for (const suffix of ['', '_b', '_cc']) await create(`${p}${suffix}`, 'a plain community');
    for (let i = 0; i < 2; i++) await create(`${uniqueWord('wd')}`, `about ${p}`);
    const all = names((await searchCommunities(h, { q: p })).communities);
    expect(all).toHaveLength(5);
    const seen: string[] = [];
    for (let offset = 0; offset < 5; offset += 2) {
      const page = await searchCommunities(h, { q: p, limit: 2, offset });
      expect(page.pagination).toEqual({ total: 5, hasMore: offset + 2 < 5 });
      seen.push(...names(page.communities));
    }
    expect(seen).toEqual(all);
  });

  it('every word of several must match (name or description, stemmed)', async () => {
    const w = uniqueWord();
    const id = await create(`${uniqueWord('nm')}`, `${w} gardens and growing tomatoes`);
    await create(`${uniqueWord('nm')}`, `${w} only here`);
    const page = await searchCommunities(h, { q: `${w} grows tomato` });
    expect(page.communities.map((c) => c.id)).toEqual([id]);
  });

  it('NSFW communities only for signed-in users', async () => {
    const p = uniqueWord('ns');
    await create(p, 'adults only here', true);
    expect((await searchCommunities(h, { q: p })).communities).toEqual([]);
    expect(names((await searchCommunities(h, { q: p }, reader)).communities)).toEqual([p]);
  });

  it('follows description edits', async () => {
    const before = uniqueWord();
    const after = uniqueWord();
    const id = await create(uniqueWord('ed'), `${before} topics`);
    await ok(h, 200, 'PUT', `/api/communities/${id}`, {
      as: owner,
      body: { description: `${after} topics`, rules: 'Be kind.' },
    });
    expect((await searchCommunities(h, { q: before })).communities).toEqual([]);
    expect((await searchCommunities(h, { q: after })).communities.map((c) => c.id)).toEqual([id]);
  });

  it('leaves out a community being deleted', async () => {
    const p = uniqueWord('dl');
    const id = await create(p, `${p} soon gone`);
    await ok(h, 200, 'DELETE', `/api/communities/${id}`, { as: owner });
    expect((await searchCommunities(h, { q: p }, reader)).communities).toEqual([]);
  });

  it('a stop word is still a name prefix; bad input is 400', async () => {
    const p = `the${uniqueWord('')}`;
    await create(p, 'a plain community');
    expect(names((await searchCommunities(h, { q: 'the' })).communities)).toContain(p);
    for (const q of ['a', 'x'.repeat(201)]) {
      expect((await searchCall(h, 'communities', { q })).status).toBe(400);
    }
    for (const q of ['.*', '$where', '{"$gt":1}', '(a|b)']) {
      expect((await searchCall(h, 'communities', { q })).status, q).toBe(200);
    }
  });
});
