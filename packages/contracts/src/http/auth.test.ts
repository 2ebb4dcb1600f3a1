import { describe, expect, it } from 'vitest';
import { LoginRequest, RegisterForm, RegisterRequest, isReferralCode } from './auth.js';
import { AdminUsersQuery } from './admin-users.js';

const valid = { username: 'Alice1', email: ' alice@example.test ', password: 'Passw0rdOK' };
const messages = (result: { error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((i) => i.message);

describe('auth contracts', () => {
  it('accept a valid registration and trim the email', () => {
    expect(RegisterRequest.parse(valid).email).toBe('alice@example.test');
  });

  it('give the spec texts', () => {
    expect(messages(RegisterRequest.safeParse({ ...valid, username: 'a_b' }))).toEqual([
      'Username can only contain letters and numbers',
    ]);
    expect(messages(RegisterRequest.safeParse({ ...valid, password: 'short' }))).toEqual([
      'Password must be at least 8 characters long',
    ]);
    expect(messages(RegisterRequest.safeParse({ ...valid, password: 'longenough' }))).toEqual([
      'Password must contain an uppercase letter, a lowercase letter and a number',
    ]);
  });

  it('check the form fields only the client has', () => {
    const form = { ...valid, confirmPassword: 'Passw0rdOK!', acceptTerms: true };
    expect(messages(RegisterForm.safeParse(form))).toEqual(['Passwords do not match']);
    expect(
      messages(
        RegisterForm.safeParse({ ...form, confirmPassword: valid.password, acceptTerms: false }),
      ),
    ).toEqual(['You must accept the terms to register']);
  });

  it('default rememberMe to false', () => {
    expect(LoginRequest.parse({ email: 'alice', password: 'x' }).rememberMe).toBe(false);
  });

  it('recognise referral codes exactly', () => {
    expect(isReferralCode('ABCD1234')).toBe(true);
    for (const code of ['abcd1234', 'ABCD123', 'ABCD12345', 'ABCD-123', null, 12345678]) {
      expect(isReferralCode(code)).toBe(false);
    }
  });

  it('admin query defaults and limits', () => {
    expect(AdminUsersQuery.parse({})).toEqual({
      page: 1,
      limit: 25,
      sortBy: 'created_at',
      sortOrder: 'desc',
    });
    expect(AdminUsersQuery.parse({ limit: '100', page: '3' })).toMatchObject({
      limit: 100,
      page: 3,
    });
    expect(AdminUsersQuery.parse({ limit: '30', sortOrder: 'ASC' })).toMatchObject({
      limit: 30,
      sortOrder: 'asc',
    });
    expect(AdminUsersQuery.safeParse({ limit: '101' }).success).toBe(false);
  });
});
