import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Types } from 'mongoose';
import { IdentityExport } from '@forum/contracts';
import {
  PASSWORD,
  startHarness,
  uniqueName,
  type IdentityHarness,
  type TestUser,
} from '../test-support/identity-harness.js';

/** EXTENSIONS §B2: GET identity:/internal/export, identity's part of the data export (issue 20). */
let h: IdentityHarness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.stop());

const exportOf = (user: TestUser) => h.api.get('/internal/export', { token: user.token });

async function referralCode(user: TestUser): Promise<string> {
  const res = await h.api.get('/api/auth/referral-code', { token: user.token });
  return res.body.referral_code as string;
}

describe('GET /internal/export', () => {
  it('holds the caller’s records of each kind and none of another user’s', async () => {
    const [me, them, stranger] = [
      await h.register('Me'),
      await h.register('Them'),
      await h.register('Stranger'),
    ];
    // Two accounts registered with my code, one with theirs.
    const referred: string[] = [];
    for (const code of [await referralCode(me), await referralCode(me), await referralCode(them)]) {
      const username = uniqueName('Ref');
      const res = await h.api.post('/api/auth/register', {
        username,
        email: `${username}@example.test`,
        password: PASSWORD,
        referral_code: code,
      });
      expect(res.status).toBe(201);
      referred.push(username);
    }
    await h.api.put(`/api/blocks/${them.username}`, {}, { token: me.token });
    await h.api.put(`/api/blocks/${stranger.username}`, {}, { token: me.token });
    await h.api.put(`/api/blocks/${me.username}`, {}, { token: them.token });
    // A lifted block is no longer the caller's block.
    await h.api.put(`/api/blocks/${referred[2]}`, {}, { token: me.token });
    await h.api.delete(`/api/blocks/${referred[2]}`, { token: me.token });

    const res = await exportOf(me);
    expect(res.status, res.text).toBe(200);
    const data = IdentityExport.strict().parse(res.body);
    expect(data.profile).toMatchObject({
      id: me.id,
      username: me.username,
      email: me.email,
      email_verified: false,
      avatar_url: null,
      total_score: 0,
    });
    expect(data.profile.last_active_at).not.toBeNull();
    expect(data.referral_code).toBe(await referralCode(me));
    expect(data.referrals.map((r) => r.username)).toEqual(referred.slice(0, 2));
    expect(data.referrals.every((r) => r.completed)).toBe(true);
    // The first accounts of a fresh database are Founders Club members.
    expect(data.badges.map((b) => b.badge_type)).toEqual(['founders_club']);
    expect(data.blocks.map((b) => b.username)).toEqual([stranger.username, them.username]);
    expect(data.blocks[0]).toEqual({
      user_id: stranger.id,
      username: stranger.username,
      created_at: expect.any(String),
    });

    // Nothing of another user's, and no secret of any kind.
    const text = res.text;
    for (const other of [them, stranger]) expect(text).not.toContain(other.email);
    expect(text).not.toContain(await referralCode(them));
    expect(text).not.toMatch(/\$2[aby]\$/);
    const doc = await h.service.conn
      .collection('refresh_token_families')
      .findOne({ user_id: new Types.ObjectId(me.id) });
    expect(text).not.toContain(doc!.current_hash);
    expect(text).not.toContain(me.refreshToken);
    expect(text).not.toContain('score_event_ids');
  });

  it('a user with nothing yet: empty lists', async () => {
    const alone = await h.register('Alone');
    const data = IdentityExport.strict().parse((await exportOf(alone)).body);
    expect(data.referrals).toEqual([]);
    expect(data.blocks).toEqual([]);
  });

  it('401 without a token, and for a deleted account', async () => {
    expect((await h.api.get('/internal/export')).status).toBe(401);
    const gone = await h.register('GoneExport');
    const del = await h.api.call('DELETE', '/api/auth/me', {
      json: { password: PASSWORD },
      token: gone.token,
    });
    expect(del.status).toBe(200);
    expect((await exportOf(gone)).status).toBe(401);
  });
});
