import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash, randomBytes } from 'node:crypto';
import mongoose, { Types } from 'mongoose';
import { IDENTITY_SHARD_KEYS } from './models/shard-keys.js';
import {
  PASSWORD,
  startHarness,
  type IdentityHarness,
  type TestUser,
} from './test-support/identity-harness.js';

let h: IdentityHarness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.stop());

const collection = (name: string) => h.service.conn.collection(name);
const indexesOf = (name: string) => collection(name).indexes();
const uniqueIndexNames = async (name: string) =>
  (await indexesOf(name)).filter((i) => i.unique).map((i) => i.name);

describe('shard keys', () => {
  it.each(Object.entries(IDENTITY_SHARD_KEYS))(
    '%s: every unique index starts with the shard key',
    async (name, shardKey) => {
      await h.register('Shard');
      const fields = Object.keys(shardKey);
      const hashed = Object.values(shardKey).includes('hashed' as never);
      for (const index of await indexesOf(name)) {
        if (!index.unique || index.name === '_id_') continue;
        expect(hashed, `${name}.${index.name}: no unique index on a hashed key`).toBe(false);
        expect(Object.keys(index.key).slice(0, fields.length), index.name).toEqual(fields);
      }
    },
  );
});

describe('an existing database (unique users indexes, no claims)', () => {
  let old: TestUser;
  beforeAll(async () => {
    old = await h.register('Old');
    await h.restart(async () => {
      // What the previous version left: unique indexes and no user_keys.
      const conn = await mongoose
        .createConnection(h.devdb.uri, { dbName: h.service.deps.config.MONGO_DB })
        .asPromise();
      await conn.collection('user_keys').drop();
      for (const [name, field] of [
        ['users', 'username_lower'],
        ['users', 'email_lower'],
        ['users', 'referral_code'],
        ['refresh_token_families', 'current_hash'],
      ] as const) {
        // The name lookups are (name, _id) indexes now: only the others share the old name.
        const existing = (await conn.collection(name).indexes()).map((i) => i.name);
        if (existing.includes(`${field}_1`)) await conn.collection(name).dropIndex(`${field}_1`);
        await conn.collection(name).createIndex({ [field]: 1 }, { unique: true });
      }
      await conn.close();
    });
  });

  it('claims every user, then turns the unique indexes into lookups (by name: name, _id)', async () => {
    const users = await collection('users').countDocuments({});
    expect(await collection('user_keys').countDocuments({})).toBe(users * 3);
    expect(
      await collection('user_keys').findOne({ _id: `email:${old.email.toLowerCase()}` as never }),
    ).toMatchObject({ user_id: new Types.ObjectId(old.id) });
    expect(await uniqueIndexNames('users')).toEqual([]);
    expect(await uniqueIndexNames('refresh_token_families')).toEqual([]);
    const names = (await indexesOf('users')).map((i) => i.name);
    expect(names).toEqual(
      expect.arrayContaining(['username_lower_1__id_1', 'email_lower_1__id_1', 'referral_code_1']),
    );
    expect(names).not.toContain('username_lower_1');
    expect(names).not.toContain('email_lower_1');
  });

  it('still refuses the old users names and emails in any case, and signs them in', async () => {
    const again = await h.api.post('/api/auth/register', {
      username: old.username.toUpperCase(),
      email: old.email.toUpperCase(),
      password: PASSWORD,
    });
    expect(again.status).toBe(409);
    expect(again.body.details).toEqual([
      'Username is already taken',
      'Email is already registered',
    ]);
    const login = await h.api.post('/api/auth/login', { email: old.username, password: PASSWORD });
    expect(login.status).toBe(200);
  });
});

describe('refresh tokens issued before they named their family', () => {
  async function legacySession(user: TestUser) {
    const token = randomBytes(32).toString('base64url');
    const _id = new Types.ObjectId();
    await collection('refresh_token_families').insertOne({
      _id,
      user_id: new Types.ObjectId(user.id),
      current_hash: createHash('sha256').update(token).digest('hex'),
      used_hashes: [],
      remember: false,
      expires_at: new Date(Date.now() + 3600_000),
      revoked_at: null,
      revoke_reason: null,
      rotated_at: null,
      created_at: new Date(),
    });
    return { token, _id };
  }
  const refresh = (refreshToken: string) => h.api.post('/api/auth/refresh', { refreshToken });
  const family = (_id: Types.ObjectId) => collection('refresh_token_families').findOne({ _id });

  it('rotate into named ones; a replay still revokes the family', async () => {
    const user = await h.register('Legacy');
    const legacy = await legacySession(user);
    const rotated = await refresh(legacy.token);
    expect(rotated.status).toBe(200);
    expect(rotated.body.refreshToken.split('.')[0]).toBe(legacy._id.toHexString());
    expect((await refresh(legacy.token)).status).toBe(401);
    expect(await family(legacy._id)).toMatchObject({ revoke_reason: 'reuse' });
    expect((await refresh(rotated.body.refreshToken)).status).toBe(401);
  });

  it('sign out', async () => {
    const user = await h.register('LegacyOut');
    const legacy = await legacySession(user);
    expect((await h.api.post('/api/auth/logout', { refreshToken: legacy.token })).status).toBe(200);
    expect(await family(legacy._id)).toMatchObject({ revoke_reason: 'logout' });
  });

  it('a named token with a wrong secret is refused and changes nothing', async () => {
    const user = await h.register('Forged');
    const [id] = user.refreshToken.split('.');
    const forged = `${id}.${randomBytes(32).toString('base64url')}`;
    expect((await refresh(forged)).status).toBe(401);
    expect((await h.api.post('/api/auth/logout', { refreshToken: forged })).status).toBe(200);
    expect((await refresh(user.refreshToken)).status).toBe(200);
  });
});
