import { describe, expect, it } from 'vitest';
import { cacheVerifiedTokens, type VerifiedToken } from './verified-tokens.js';

const alice = { id: '64b7f0c2a1b2c3d4e5f60718', username: 'alice', isAdmin: false };

/** A signature check that counts its calls and answers from a table (unknown tokens throw). */
function checker(tokens: Record<string, VerifiedToken>) {
  const calls: string[] = [];
  const verify = async (token: string) => {
    calls.push(token);
    const found = tokens[token];
    if (!found) throw new Error('bad token');
    return found;
  };
  return { verify, calls };
}

describe('cacheVerifiedTokens', () => {
  it('checks a token once and answers its next uses from memory', async () => {
    const { verify, calls } = checker({ t1: { user: alice, expiresAt: 2_000 } });
    const cached = cacheVerifiedTokens(verify, { now: () => 1_000_000 });
    expect(await cached('t1')).toEqual(alice);
    expect(await cached('t1')).toEqual(alice);
    expect(calls).toEqual(['t1']);
  });

  it('never remembers a failed check', async () => {
    const { verify, calls } = checker({});
    const cached = cacheVerifiedTokens(verify, { now: () => 0 });
    await expect(cached('forged')).rejects.toThrow('bad token');
    await expect(cached('forged')).rejects.toThrow('bad token');
    expect(calls).toEqual(['forged', 'forged']);
  });

  it('checks again from the second the token expires (jose refuses it from then)', async () => {
    let now = 1_999_000;
    const { verify, calls } = checker({ t1: { user: alice, expiresAt: 2_000 } });
    const cached = cacheVerifiedTokens(verify, { now: () => now });
    await cached('t1');
    now = 1_999_999;
    await cached('t1');
    expect(calls).toHaveLength(1);
    now = 2_000_000;
    await cached('t1');
    expect(calls).toHaveLength(2);
  });

  it('checks again after maxAgeMs whatever the expiry', async () => {
    let now = 0;
    const { verify, calls } = checker({ t1: { user: alice, expiresAt: undefined } });
    const cached = cacheVerifiedTokens(verify, { now: () => now, maxAgeMs: 100 });
    await cached('t1');
    now = 99;
    await cached('t1');
    expect(calls).toHaveLength(1);
    now = 100;
    await cached('t1');
    expect(calls).toHaveLength(2);
  });

  it('holds at most maxEntries tokens, dropping the oldest first', async () => {
    const tokens = Object.fromEntries(
      ['a', 'b', 'c'].map((t) => [t, { user: alice, expiresAt: undefined }]),
    );
    const { verify, calls } = checker(tokens);
    const cached = cacheVerifiedTokens(verify, { now: () => 0, maxEntries: 2 });
    for (const t of ['a', 'b', 'c', 'c', 'b', 'a']) await cached(t);
    // 'a' was evicted when 'c' came in; 'b' and 'c' were still held.
    expect(calls).toEqual(['a', 'b', 'c', 'a']);
  });
});
