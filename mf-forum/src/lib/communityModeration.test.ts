import { describe, expect, it } from 'vitest';
import { MODLOG_ACTIONS } from '@forum/contracts';
import {
  MODLOG_ACTION_OPTIONS,
  banEndText,
  canEditCommunity,
  canModerate,
  modlogActionLabel,
  modlogExpiry,
  modlogTarget,
  nextOffset,
  parseModlogAction,
} from './communityModeration';

const entry = {
  action: 'remove_post' as const,
  target_type: 'post' as const,
  target_id: 'a'.repeat(24),
  target_title: 'Hello',
  target_username: 'bob',
  community_name: 'cats',
};

describe('modlog actions', () => {
  it('has words for every action of the contract, in its order', () => {
    expect(MODLOG_ACTION_OPTIONS.map((o) => o.value)).toEqual([...MODLOG_ACTIONS]);
    for (const option of MODLOG_ACTION_OPTIONS) expect(option.label).not.toBe('');
    expect(modlogActionLabel('appeal_overturned')).toBe('Overturned on appeal');
  });

  it('reads ?action= as a known action or nothing', () => {
    expect(parseModlogAction('ban_user')).toBe('ban_user');
    expect(parseModlogAction('toString')).toBeUndefined();
    expect(parseModlogAction('drop_table')).toBeUndefined();
    expect(parseModlogAction('')).toBeUndefined();
    expect(parseModlogAction(null)).toBeUndefined();
  });
});

describe('modlogTarget', () => {
  it('links a post by id and a comment through its community', () => {
    expect(modlogTarget(entry)).toEqual({ text: 'Hello', to: `/post/${'a'.repeat(24)}` });
    expect(modlogTarget({ ...entry, action: 'remove_comment', target_type: 'comment' })).toEqual({
      text: 'Comment on “Hello”',
      to: `/c/cats/comment/${'a'.repeat(24)}`,
    });
  });

  it('names users with u/ and never links what is gone', () => {
    expect(modlogTarget({ ...entry, action: 'ban_user', target_type: 'user' })).toEqual({
      text: 'u/bob',
      to: '/u/bob',
    });
    expect(
      modlogTarget({ ...entry, action: 'remove_community', target_type: 'community' }),
    ).toEqual({ text: 'c/cats', to: null });
    expect(
      modlogTarget({ ...entry, action: 'update_community', target_type: 'community' }).to,
    ).toBe('/c/cats');
    expect(modlogTarget({ ...entry, target_id: null, target_title: null })).toEqual({
      text: 'a deleted item',
      to: null,
    });
  });

  it('encodes names that are used in paths', () => {
    expect(modlogTarget({ ...entry, target_type: 'user', target_username: 'a/b?c' }).to).toBe(
      '/u/a%2Fb%3Fc',
    );
  });
});

describe('ends and permissions', () => {
  it('says permanent for a ban without an end, nothing for other actions', () => {
    expect(banEndText(null)).toBe('permanent');
    expect(banEndText('2030-01-05T12:00:00.000Z')).toBe('January 5, 2030');
    expect(modlogExpiry({ action: 'ban_user', expires_at: null })).toBe('Permanent');
    expect(modlogExpiry({ action: 'remove_post', expires_at: null })).toBeNull();
    expect(modlogExpiry({ action: 'ban_user', expires_at: '2030-01-05T12:00:00.000Z' })).toBe(
      'January 5, 2030',
    );
  });

  it('lets the team and the admin moderate, the owner and the admin edit', () => {
    expect(canModerate({ isModerator: true }, false)).toBe(true);
    expect(canModerate({ isModerator: false }, false)).toBe(false);
    expect(canModerate(undefined, true)).toBe(true);
    expect(canEditCommunity({ isOwner: false }, false)).toBe(false);
    expect(canEditCommunity({ isOwner: true }, false)).toBe(true);
    expect(canEditCommunity({}, true)).toBe(true);
  });

  it('pages by offset until the server says there is no more', () => {
    const pages = [{ n: 20 }, { n: 20 }];
    expect(nextOffset({ pagination: { hasMore: true } }, pages, (p) => p.n)).toBe(40);
    expect(nextOffset({ pagination: { hasMore: false } }, pages, (p) => p.n)).toBeUndefined();
  });
});
