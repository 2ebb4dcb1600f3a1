import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_TERMS_TEXT, type PostSearchHit } from '@forum/contracts';
import { startHarness, uniqueName, type Harness, type TestUser } from './test-support/harness.js';
import { appoint, known, newCommunity, ok } from './test-support/moderation.js';
import { searchCall, searchPosts, uniqueWord } from './test-support/search.js';

/** EXTENSIONS §S, posts: matching, sorts, pages, the community filter, NSFW and removal rules. */
let h: Harness;
let author: TestUser;
let reader: TestUser;
let admin: TestUser;
let community: { id: string; name: string };

beforeAll(async () => {
  h = await startHarness();
  [author, reader] = await Promise.all([h.user(), h.user()]);
  admin = await h.user('admin', { isAdmin: true });
  await known(h, author, reader, admin);
  community = await newCommunity(h, author);
}, 60_000);
afterAll(async () => h?.stop());

async function post(title: string, content: string, where = community.id, as = author) {
  const body = await ok<{ post: { id: string } }>(h, 201, 'POST', '/api/posts', {
    as,
    body: { title, content, type: 'text', community_id: where },
  });
  return body.post.id;
}

const ids = (hits: PostSearchHit[]) => hits.map((p) => p.id);
const found = async (q: string, as?: TestUser) => ids((await searchPosts(h, { q }, as)).posts);

describe('matching', () => {
  it('requires every word (in the title or the body)', async () => {
    const w1 = uniqueWord();
    const w2 = uniqueWord();
    const both = await post(`About ${w1}`, `and also ${w2}`);
    const one = await post(`Only ${w1}`, 'nothing else');
    expect(await found(`${w1} ${w2}`)).toEqual([both]);
    expect((await found(w1)).sort()).toEqual([both, one].sort());
  });

  it('stems English words: "running" finds "run" and "runs"', async () => {
    const w = uniqueWord();
    const id = await post(`${w} daily`, 'She runs every morning');
    expect(await found(`${w} running`)).toEqual([id]);
    expect(await found(`${w} run`)).toEqual([id]);
  });

  it('ignores case and accents', async () => {
    const w = uniqueWord();
    // Words the stemmer reads alike with and without accents (it runs before they are
    // stripped, as MongoDB's does: "brulee" does not find "brûlée").
    const id = await post(`Le Café ${w}`, 'creme on top');
    expect(await found(`cafe ${w.toUpperCase()}`)).toEqual([id]);
    expect(await found(`CRÈME CAFÉ ${w}`)).toEqual([id]);
  });

  it('matches a "quoted phrase" as a phrase', async () => {
    const w = uniqueWord();
    const phrase = await post(`${w} notes`, 'the red apple fell');
    const apart = await post(`${w} more`, 'an apple, red and ripe');
    expect(await found(`${w} "red apple"`)).toEqual([phrase]);
    expect((await found(`${w} red apple`)).sort()).toEqual([phrase, apart].sort());
  });

  it('leaves out -words and -"phrases"', async () => {
    const w = uniqueWord();
    const keep = await post(`${w} garden`, 'tomatoes grow here');
    const word = await post(`${w} kitchen`, 'tomatoes and basil');
    const phrase = await post(`${w} patio`, 'green peppers in pots');
    expect((await found(`${w} -basil`)).sort()).toEqual([keep, phrase].sort());
    expect((await found(`${w} -"green peppers"`)).sort()).toEqual([keep, word].sort());
    expect(await found(`${w} -basil -"green peppers"`)).toEqual([keep]);
  });

  it('answers an empty page for stop words alone or exclusions alone', async () => {
    await post('The and of', 'is it the');
    for (const q of ['the and of', '-anything', '-"some phrase"']) {
      const page = await searchPosts(h, { q });
      expect(page, q).toEqual({ posts: [], pagination: { hasMore: false, total: 0 } });
    }
  });

  it('finds edits: the new words, not the old ones', async () => {
    const before = uniqueWord();
    const after = uniqueWord();
    const id = await post(`${before} title`, 'body');
    await ok(h, 200, 'PUT', `/api/posts/${id}`, {
      as: author,
      body: { title: 'fresh title', content: `now ${after}` },
    });
    expect(await found(before)).toEqual([]);
    expect(await found(after)).toEqual([id]);
  });
});

describe('highlights', () => {
  it('are [start, end) offsets of the matched words and phrases in title and content', async () => {
    const w = uniqueWord();
    const title = `Running with ${w}`;
    const content = `I run. The "${w}" team ran a red apple race.`;
    await post(title, content);
    const [hit] = (await searchPosts(h, { q: `${w} runs "red apple"` })).posts;
    const marked = (text: string, ranges: [number, number][]) =>
      ranges.map(([s, e]) => text.slice(s, e));
    expect(marked(hit!.title, hit!.highlights.title)).toEqual(['Running', w]);
    expect(marked(hit!.content, hit!.highlights.content)).toEqual(['run', w, 'red apple']);
  });
});

describe('sorts', () => {
  let w: string;
  let inTitle: string;
  let inBody: string;
  let newest: string;
  beforeAll(async () => {
    w = uniqueWord();
    inBody = await post('Something else', `mentions ${w} once in a long body of text`);
    inTitle = await post(`${w}`, 'short');
    newest = await post('Another one', `${w} again`);
    // Two upvotes on the body match, one on the title match.
    const [v1, v2] = await Promise.all([h.user(), h.user()]);
    for (const [id, voters] of [
      [inBody, [v1!, v2!]],
      [inTitle, [v1!]],
    ] as const) {
      for (const voter of voters) {
        await ok(h, 200, 'POST', `/api/posts/${id}/vote`, { as: voter, body: { vote_type: 1 } });
      }
    }
  });

  it('relevance (the default): a title match first (title weighs 3)', async () => {
    expect((await found(w))[0]).toBe(inTitle);
  });

  it('new: newest first', async () => {
    expect(ids((await searchPosts(h, { q: w, sort: 'new' })).posts)).toEqual([
      newest,
      inTitle,
      inBody,
    ]);
  });

  it('top: highest score first', async () => {
    expect(ids((await searchPosts(h, { q: w, sort: 'top' })).posts)).toEqual([
      inBody,
      inTitle,
      newest,
    ]);
  });
});

describe('pages', () => {
  it('limit, offset, total and hasMore', async () => {
    const w = uniqueWord();
    const all: string[] = [];
    for (let i = 0; i < 5; i++) all.unshift(await post(`${w} ${i}`, 'body'));
    const first = await searchPosts(h, { q: w, sort: 'new', limit: 2 });
    expect(ids(first.posts)).toEqual(all.slice(0, 2));
    expect(first.pagination).toEqual({ total: 5, hasMore: true });
    const last = await searchPosts(h, { q: w, sort: 'new', limit: 2, offset: 4 });
    expect(ids(last.posts)).toEqual(all.slice(4));
    expect(last.pagination).toEqual({ total: 5, hasMore: false });
  });

  it('limit at most 50', async () => {
    const res = await searchCall(h, 'posts', { q: 'anything', limit: 51 });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain('limit must be at most 50');
  });
});

describe('the community filter', () => {
  it('narrows to one community, by name in any case', async () => {
    const w = uniqueWord();
    const other = await newCommunity(h, author);
    const here = await post(`${w} here`, 'x');
    await post(`${w} there`, 'x', other.id);
    for (const name of [community.name, community.name.toUpperCase()]) {
      expect(ids((await searchPosts(h, { q: w, community: name })).posts)).toEqual([here]);
    }
  });

  it("answers 404 'Community not found' for an unknown one", async () => {
    const res = await searchCall(h, 'posts', { q: 'anything', community: uniqueName('none') });
    expect(res).toMatchObject({ status: 404, body: { error: 'Community not found' } });
  });
});

describe('who sees what', () => {
  it('NSFW posts are left out for visitors (also when their community is named)', async () => {
    const w = uniqueWord();
    const nsfw = await newCommunity(h, author, { is_nsfw: true });
    const id = await post(`${w} adult`, 'x', nsfw.id);
    expect(await found(w)).toEqual([]);
    expect((await searchPosts(h, { q: w, community: nsfw.name })).posts).toEqual([]);
    expect(await found(w, reader)).toEqual([id]);
  });

  it("removed posts: only the community's moderators and the admin find them", async () => {
    const w = uniqueWord();
    const moderator = await h.user();
    const otherMod = await h.user();
    await appoint(h, author, community.id, moderator);
    const elsewhere = await newCommunity(h, otherMod);
    expect(elsewhere.id).toBeTruthy();
    const id = await post(`${w} spam`, 'x');
    await ok(h, 200, 'POST', `/api/posts/${id}/remove`, {
      as: moderator,
      body: { reason: 'Spam in the community' },
    });
    expect(await found(w)).toEqual([]);
    expect(await found(w, reader)).toEqual([]);
    expect(await found(w, otherMod)).toEqual([]);
    for (const who of [moderator, admin]) {
      const [hit] = (await searchPosts(h, { q: w }, who)).posts;
      expect(hit).toMatchObject({ id, removed: true, title: `${w} spam` });
    }
  });

  it('deleted posts are never found', async () => {
    const w = uniqueWord();
    const id = await post(`${w} gone`, 'x');
    await ok(h, 200, 'DELETE', `/api/posts/${id}`, { as: author });
    expect(await found(w, admin)).toEqual([]);
  });

  it('locked posts are found', async () => {
    const w = uniqueWord();
    const id = await post(`${w} locked`, 'x');
    await ok(h, 200, 'POST', `/api/posts/${id}/lock`, { as: author, body: { reason: 'Heated' } });
    expect(await found(w)).toEqual([id]);
  });

  it("carries the caller's vote", async () => {
    const w = uniqueWord();
    const id = await post(`${w} voted`, 'x');
    await ok(h, 200, 'POST', `/api/posts/${id}/vote`, { as: reader, body: { vote_type: 1 } });
    const [hit] = (await searchPosts(h, { q: w }, reader)).posts;
    expect(hit).toMatchObject({ id, user_vote: 1 });
  });
});

describe('bad input', () => {
  it(`answers 400 '${SEARCH_TERMS_TEXT}' for q missing, too short or too long`, async () => {
    const tooShortOrLong: Record<string, string>[] = [
      {},
      { q: 'a' },
      { q: '  a  ' },
      { q: 'a'.repeat(201) },
    ];
    for (const params of tooShortOrLong) {
      const res = await searchCall(h, 'posts', params);
      expect(res.status, JSON.stringify(params)).toBe(400);
      expect(JSON.stringify(res.body)).toContain(SEARCH_TERMS_TEXT);
    }
  });

  it('takes operators and regex metacharacters as plain text', async () => {
    const w = uniqueWord();
    const id = await post(`${w} where (a|b) gt`, 'x');
    for (const q of ['.*', '$where', '{"$gt":1}', '(a|b)', `${w} .*`, `$where ${w}`]) {
      const res = await searchCall(h, 'posts', { q });
      expect(res.status, q).toBe(200);
    }
    expect(await found(`${w} .*`)).toEqual([id]);
    expect(await found(`(b|${w})`)).toEqual([id]);
  });
});
