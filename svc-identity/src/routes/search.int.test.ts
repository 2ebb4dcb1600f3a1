import mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserSearchResponse } from '@forum/contracts';
import { termsOf } from '@forum/search-text';
import { PASSWORD, startHarness, type IdentityHarness } from '../test-support/identity-harness.js';
import { backfillSearchTerms } from '../use-cases/backfill-search-terms.js';

/** EXTENSIONS §S: GET /api/search/users. */
let h: IdentityHarness;
let adminToken: string;
const ids = new Map<string, string>();
const tokens = new Map<string, string>();
const TERMS_TEXT = 'Search terms must be at least 2 characters';

async function registerNamed(username: string): Promise<{ id: string; token: string }> {
  const res = await h.api.post('/api/auth/register', {
    username,
    email: `${username.toLowerCase()}@example.test`,
    password: PASSWORD,
  });
  expect(res.status, res.text).toBe(201);
  ids.set(username, res.body.user.id);
  tokens.set(username, res.body.token);
  return { id: res.body.user.id, token: res.body.token };
}

async function search(query: string) {
  const res = await h.api.get(`/api/search/users?${query}`);
  expect(res.status, res.text).toBe(200);
  return UserSearchResponse.parse(res.body);
}

const names = async (q: string, more = '') =>
  (await search(`q=${encodeURIComponent(q)}${more}`)).users.map((u) => u.username);

beforeAll(async () => {
  h = await startHarness({ ADMIN_USERNAME: 'boss' });
  adminToken = (await registerNamed('Boss')).token;
  // Registration order differs from every expected order below.
  for (const name of ['Alistair', 'Alinda', 'AliBaba', 'Alice', 'Ali', 'Alicia', 'Malia']) {
    await registerNamed(name);
  }
  for (const name of ['Running', 'Runner', 'Runs', 'Runned', 'Alidead']) await registerNamed(name);
  for (let i = 0; i < 25; i++) await registerNamed(`Pager${String(i).padStart(2, '0')}`);
  for (const name of ['Runned', 'Alidead']) {
    const res = await h.api.patch(
      `/api/admin/users/${ids.get(name)}`,
      { is_active: false, reason: 'spam' },
      { token: adminToken },
    );
    expect(res.status, res.text).toBe(200);
  }
}, 120_000);

afterAll(async () => {
  await h?.stop();
});

describe('name prefix', () => {
  it('finds names starting with q, case- and accent-insensitively', async () => {
    const expected = ['Ali', 'Alice', 'Alicia', 'Alinda', 'AliBaba', 'Alistair'];
    expect(await names('ali')).toEqual(expected);
    expect(await names('ALI')).toEqual(expected);
    expect(await names('Àli')).toEqual(expected);
    // Malia has "ali" inside, not at the start.
    expect(await names('ali')).not.toContain('Malia');
  });

  it('puts the exact name first, then shorter names, then A-Z', async () => {
    expect(await names('alic')).toEqual(['Alice', 'Alicia']);
    expect(await names('alice')).toEqual(['Alice']);
    expect(await names('runs')).toEqual(['Runs', 'Running']);
  });
});

describe('word match', () => {
  it('matches stemmed words after the name matches, without repeats', async () => {
    // The premise: these names share the stem "run", Runner does not.
    expect([termsOf('Running'), termsOf('Runs'), termsOf('Runner')]).toEqual([
      ['run'],
      ['run'],
      ['runner'],
    ]);
    // "runs": Runs by name; Running as the word "run"; Runner neither.
    const runs = await search('q=runs');
    expect(runs.users.map((u) => u.username)).toEqual(['Runs', 'Running']);
    expect(runs.pagination).toEqual({ total: 2, hasMore: false });
    expect(await names('running')).toEqual(['Running', 'Runs']);
    // Every name starting with "run" comes by name once, none again as a word match.
    const run = await search('q=run');
    expect(run.users.map((u) => u.username)).toEqual(['Runs', 'Runner', 'Running']);
    expect(run.pagination.total).toBe(3);
  });

  it('requires every word', async () => {
    expect(await names('runs alice')).toEqual([]);
  });
});

describe('deactivated users', () => {
  it('are never found, by name or by word', async () => {
    expect(termsOf('Runned')).toEqual(['run']);
    expect(await names('alidead')).toEqual([]);
    // Runned by neither its name nor its word; its word's other users (by name, A-Z) still.
    expect(await names('runned')).toEqual(['Running', 'Runs']);
    expect(await names('runs')).not.toContain('Runned');
  });

  it("refuse a deactivated account's token as every route that reads one does", async () => {
    const res = await h.api.get('/api/search/users?q=ali', { token: tokens.get('Alidead')! });
    expect(res.status).toBe(401);
    expect(res.body.error).toBe('Account is deactivated');
    const signedIn = await h.api.get('/api/search/users?q=ali', { token: tokens.get('Alice')! });
    expect(signedIn.status).toBe(200);
  });
});

describe('pagination', () => {
  it('pages 20 by default, up to 50, with total and hasMore', async () => {
    const first = await search('q=pager');
    expect(first.users.map((u) => u.username)).toEqual(
      Array.from({ length: 20 }, (_, i) => `Pager${String(i).padStart(2, '0')}`),
    );
    expect(first.pagination).toEqual({ total: 25, hasMore: true });
    const rest = await search('q=pager&offset=20');
    expect(rest.users.map((u) => u.username)).toEqual([
      'Pager20',
      'Pager21',
      'Pager22',
      'Pager23',
      'Pager24',
    ]);
    expect(rest.pagination).toEqual({ total: 25, hasMore: false });
    expect((await search('q=pager&limit=50')).users).toHaveLength(25);
    expect((await search('q=pager&offset=25')).users).toEqual([]);
  });

  it('pages across the name matches into the word matches', async () => {
    const one = await search('q=runs&limit=1');
    expect(one.users.map((u) => u.username)).toEqual(['Runs']);
    expect(one.pagination).toEqual({ total: 2, hasMore: true });
    const two = await search('q=runs&limit=1&offset=1');
    expect(two.users.map((u) => u.username)).toEqual(['Running']);
    expect(two.pagination).toEqual({ total: 2, hasMore: false });
    expect(await names('running', '&offset=1')).toEqual(['Runs']);
  });

  it('refuses a limit over 50', async () => {
    const res = await h.api.get('/api/search/users?q=pager&limit=51');
    expect(res.status).toBe(400);
    expect(res.body.details).toContain('limit must be at most 50');
  });
});

describe('q', () => {
  it.each([
    ['missing', ''],
    ['1 character', 'q=a'],
    ['1 character once trimmed', `q=${encodeURIComponent('  a  ')}`],
    ['201 characters', `q=${'a'.repeat(201)}`],
  ])('%s: 400', async (_, query) => {
    const res = await h.api.get(`/api/search/users?${query}`);
    expect(res.status).toBe(400);
    expect(res.body.details).toContain(TERMS_TEXT);
  });

  it('takes 200 characters', async () => {
    expect(await names('a'.repeat(200))).toEqual([]);
  });

  it('is plain text: regex metacharacters and operators match nothing by accident', async () => {
    for (const q of ['.*', 'a|b', '^a', '$where', '^.', '[a-z]+', '{"$gt":""}', '\\w']) {
      const res = await search(`q=${encodeURIComponent(q)}`);
      expect(res, q).toEqual({ users: [], pagination: { total: 0, hasMore: false } });
    }
    // As a pattern, "ali.*" would find every ali-name; as text it is the word "ali".
    expect(await names('ali.*')).toEqual(['Ali']);
    expect(await names('^ali')).toEqual(['Ali']);
  });
});

it('shows public profiles only (no email)', async () => {
  const res = await h.api.get('/api/search/users?q=ali');
  expect(res.text).not.toContain('@example.test');
  for (const user of res.body.users) {
    expect(Object.keys(user).sort()).toEqual(
      ['avatar_url', 'created_at', 'id', 'total_score', 'username'].sort(),
    );
  }
});

describe('users registered before search', () => {
  it('get their terms at start-up, once', async () => {
    await h.restart(async () => {
      const conn = await mongoose
        .createConnection(h.devdb.uri, { dbName: h.service.deps.config.MONGO_DB })
        .asPromise();
      // What an earlier version left: no terms, no text index.
      await conn.collection('users').updateMany({}, { $unset: { search_terms: '' } });
      await conn.collection('users').dropIndex('search_text');
      await conn.close();
    });
    expect(await names('runs')).toEqual(['Runs', 'Running']);
    const users = h.service.deps.models.User;
    expect(await users.countDocuments({ search_terms: null })).toBe(0);
    const running = await users.findById(ids.get('Running'), { search_terms: 1 }).lean();
    expect(running?.search_terms).toEqual(['run']);
    // Nothing left to do on the next start.
    expect(await backfillSearchTerms(h.service.deps)).toBe(0);
  });
});
