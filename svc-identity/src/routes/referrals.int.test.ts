import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BadgesResponse, Subjects } from '@forum/contracts';
import {
  startHarness,
  waitFor,
  type IdentityHarness,
  type TestUser,
} from '../test-support/identity-harness.js';
import { collectIdentityEvents } from '../test-support/event-collector.js';

let h: IdentityHarness;
let events: Awaited<ReturnType<typeof collectIdentityEvents>>;
let founders: TestUser[];

beforeAll(async () => {
  h = await startHarness({ FOUNDERS_CLUB_LIMIT: '2' });
  events = await collectIdentityEvents(await h.producer());
  founders = [await h.register('First'), await h.register('Second')];
});
afterAll(async () => {
  await events?.stop();
  await h?.stop();
});

const codeOf = async (user: TestUser) => {
  const res = await h.api.get('/api/auth/referral-code', { token: user.token });
  expect(res.status).toBe(200);
  return res.body.referral_code as string;
};
const statsOf = async (user: TestUser) =>
  (await h.api.get('/api/auth/referral-stats', { token: user.token })).body;
const badgesOf = async (user: TestUser) => {
  const res = await h.api.get(`/api/badges/user/${user.id}`);
  expect(res.status).toBe(200);
  return BadgesResponse.parse(res.body).badges;
};

describe('referral codes', () => {
  it('are unique 8-character A-Z0-9 codes, for signed-in users only', async () => {
    const codes = await Promise.all(founders.map(codeOf));
    for (const code of codes) expect(code).toMatch(/^[A-Z0-9]{8}$/);
    expect(new Set(codes).size).toBe(codes.length);
    expect(await codeOf(founders[0]!)).toBe(codes[0]);
    expect((await h.api.get('/api/auth/referral-code')).status).toBe(401);
    expect((await h.api.get('/api/auth/referral-stats')).status).toBe(401);
  });
});

describe('the referral chain', () => {
  it('counts completed referrals and awards Community Builder once, at 3', async () => {
    const referrer = await h.register('Ref');
    const code = await codeOf(referrer);
    expect(await statsOf(referrer)).toEqual({ completed_referrals: 0 });
    // A lower-case copy of the code is not a code.
    await h.register('Nope', { referral_code: code.toLowerCase() });
    expect(await statsOf(referrer)).toEqual({ completed_referrals: 0 });

    const referred: TestUser[] = [];
    for (let i = 1; i <= 4; i++) {
      referred.push(await h.register(`Friend${i}`, { referral_code: code }));
      expect(await statsOf(referrer)).toEqual({ completed_referrals: i });
    }
    const badges = await badgesOf(referrer);
    expect(badges.map((b) => b.badge_type)).toEqual(['community_builder']);
    expect(badges[0]).toMatchObject({ name: 'Community Builder', icon: 'users' });

    const completed = await waitFor(
      () => {
        const found = events
          .of(Subjects.ReferralCompleted)
          .filter((e) => e.referrer_id === referrer.id);
        return found.length === 4 ? found : undefined;
      },
      { what: '4 referral.completed events' },
    );
    expect(completed.map((e) => e.completed_referrals)).toEqual([1, 2, 3, 4]);
    expect(completed[0]).toMatchObject({
      referrer_username: referrer.username,
      referred_user_id: referred[0]!.id,
      referred_username: referred[0]!.username,
    });
    const registered = await waitFor(() =>
      events.of(Subjects.UserRegistered).find((e) => e.user_id === referred[0]!.id),
    );
    expect(registered.referred_by_user_id).toBe(referrer.id);
    const earned = await waitFor(() => {
      const found = events.of(Subjects.BadgeEarned).filter((e) => e.user_id === referrer.id);
      return found.length ? found : undefined;
    });
    // Give a 4th award time to show up if it (wrongly) happened.
    await new Promise((r) => setTimeout(r, 300));
    expect(events.of(Subjects.BadgeEarned).filter((e) => e.user_id === referrer.id)).toHaveLength(
      1,
    );
    expect(earned[0]).toMatchObject({
      badge_type: 'community_builder',
      name: 'Community Builder',
      icon: 'users',
      badge_id: badges[0]!.id,
    });
  });
});

describe('Founders Club and GET /api/badges/user/{userId}', () => {
  it('goes to the first FOUNDERS_CLUB_LIMIT users only', async () => {
    for (const user of founders) {
      const badges = await badgesOf(user);
      expect(badges).toEqual([
        expect.objectContaining({
          badge_type: 'founders_club',
          name: 'Founders Club',
          icon: 'crown',
        }),
      ]);
    }
    const late = await h.register('Late');
    expect(await badgesOf(late)).toEqual([]);
    await waitFor(
      () =>
        events.of(Subjects.BadgeEarned).filter((e) => e.badge_type === 'founders_club').length ===
        2,
    );
  });

  it('lists badges newest first with the contract fields', async () => {
    const first = founders[0]!;
    const code = await codeOf(first);
    for (let i = 0; i < 3; i++) await h.register('Chain', { referral_code: code });
    const badges = await badgesOf(first);
    expect(badges.map((b) => b.badge_type)).toEqual(['community_builder', 'founders_club']);
    expect(Object.keys(badges[0]!).sort()).toEqual([
      'badge_type',
      'description',
      'earned_at',
      'icon',
      'id',
      'name',
    ]);
  });

  it('answers 404 for an unknown user and 400 for a malformed id', async () => {
    const unknown = await h.api.get('/api/badges/user/64b7f0c2a1b2c3d4e5f60718');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ error: 'User not found' });
    const bad = await h.api.get('/api/badges/user/not-an-id');
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ error: 'Invalid id', details: ['Invalid id'] });
  });
});
