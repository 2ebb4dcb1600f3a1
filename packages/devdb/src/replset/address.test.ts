import { describe, expect, it } from 'vitest';
import { advertisedAddress } from './address.js';

describe('advertisedAddress', () => {
  it('names the bound interface, or loopback for a wildcard bind', () => {
    expect(advertisedAddress('127.0.0.1', 5000)).toBe('127.0.0.1:5000');
    expect(advertisedAddress('localhost', 5000)).toBe('localhost:5000');
    expect(advertisedAddress('0.0.0.0', 5000)).toBe('127.0.0.1:5000');
    expect(advertisedAddress('::', 5000)).toBe('[::1]:5000');
    expect(advertisedAddress('::1', 5000)).toBe('[::1]:5000');
  });
});
