import { describe, expect, it } from 'vitest';
import { generateOpaqueToken, generateReferralCode, hashToken } from './secure-random.js';

describe('secure random values', () => {
  it('makes 8-character A-Z0-9 referral codes that differ', () => {
    const codes = new Set(Array.from({ length: 500 }, generateReferralCode));
    for (const code of codes) expect(code).toMatch(/^[A-Z0-9]{8}$/);
    expect(codes.size).toBe(500);
  });

  it('makes 32-byte base64url tokens and stores them as sha256', () => {
    const token = generateOpaqueToken();
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(hashToken(token)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashToken(token)).toBe(hashToken(token));
  });
});
