import { describe, expect, it } from 'vitest';
import { createPasswordHasher } from './passwords.js';

describe('password hasher', () => {
  const hasher = createPasswordHasher(4);

  it('hashes with bcrypt at the configured cost and verifies', async () => {
    const hash = await hasher.hash('Passw0rdOK');
    expect(hash).toMatch(/^\$2b\$04\$/);
    expect(await hasher.verify('Passw0rdOK', hash)).toBe(true);
    expect(await hasher.verify('passw0rdOK', hash)).toBe(false);
  });

  it('costs an unknown user about as much as a known one (no timing oracle)', async () => {
    const slow = createPasswordHasher(10);
    const hash = await slow.hash('Passw0rdOK');
    await slow.verify('warm-up', undefined);
    const time = async (fn: () => Promise<unknown>) => {
      const start = performance.now();
      for (let i = 0; i < 3; i++) await fn();
      return performance.now() - start;
    };
    const known = await time(() => slow.verify('Wrongpass1', hash));
    const unknown = await time(() => slow.verify('Wrongpass1', undefined));
    expect(await slow.verify('Passw0rdOK', undefined)).toBe(false);
    expect(unknown / known).toBeGreaterThan(0.6);
    expect(unknown / known).toBeLessThan(1.6);
  });
});
