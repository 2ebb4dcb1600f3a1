import { describe, expect, it } from 'vitest';
import { Types } from 'mongoose';
import { AdminUser, PublicUser, User } from '@forum/contracts';
import { presentAdminUser, presentOwnUser, presentPublicUser } from './user.js';

const doc = {
  _id: new Types.ObjectId(),
  username: 'Alice',
  email: 'alice@example.test',
  avatar_url: null,
  total_score: 3,
  is_active: true,
  email_verified: false,
  last_active: null,
  created_at: new Date('2026-01-01T00:00:00Z'),
  // Fields a careless presenter could leak:
  password_hash: '$2b$12$secret',
  referral_code: 'ABCDEFGH',
};

describe('user presenters', () => {
  it('show the public profile without email or secrets', () => {
    const user = PublicUser.strict().parse(presentPublicUser(doc));
    expect(JSON.stringify(user)).not.toMatch(/@|\$2b\$|ABCDEFGH/);
  });

  it('show the owner their email, and the admin the status fields', () => {
    expect(User.strict().parse(presentOwnUser(doc)).email).toBe(doc.email);
    const admin = AdminUser.strict().parse(presentAdminUser(doc));
    expect(admin).toMatchObject({ is_active: true, email_verified: false, last_active: null });
    expect(JSON.stringify(admin)).not.toMatch(/\$2b\$|ABCDEFGH/);
  });
});
