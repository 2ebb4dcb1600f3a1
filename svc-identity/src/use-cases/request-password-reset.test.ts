import { describe, expect, it } from 'vitest';
import { resetLink } from './request-password-reset.js';

describe('resetLink', () => {
  it('points at the shell page and keeps the token in the fragment', () => {
    expect(resetLink('https://forum.example/', 'ab_-c')).toBe(
      'https://forum.example/forgot-password#token=ab_-c',
    );
  });
});
