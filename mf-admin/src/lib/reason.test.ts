import { describe, expect, it } from 'vitest';
import { ModerationTexts, Reason } from '@forum/contracts';
import { checkReason, REASON_MAX_LENGTH } from './reason';

describe('checkReason', () => {
  it('trims and accepts 1-500 characters', () => {
    expect(checkReason('  Spam  ')).toEqual({ ok: true, reason: 'Spam' });
    expect(checkReason('x')).toEqual({ ok: true, reason: 'x' });
    const longest = 'y'.repeat(REASON_MAX_LENGTH);
    expect(checkReason(` ${longest}\n`)).toEqual({ ok: true, reason: longest });
  });

  it('refuses an empty or blank reason with the spec text', () => {
    for (const value of ['', '   ', '\n\t']) {
      expect(checkReason(value)).toEqual({ ok: false, error: 'Reason is required' });
    }
  });

  it('refuses more than 500 characters', () => {
    expect(checkReason('z'.repeat(REASON_MAX_LENGTH + 1))).toEqual({
      ok: false,
      error: 'Reason must be at most 500 characters',
    });
  });

  it('agrees with the contract on every case', () => {
    const cases = ['', ' ', 'ok', ` ${'a'.repeat(500)} `, 'b'.repeat(501)];
    for (const value of cases) {
      const contract = Reason.safeParse(value);
      const local = checkReason(value);
      expect(local.ok, JSON.stringify(value)).toBe(contract.success);
      if (!local.ok && !contract.success) {
        expect(local.error).toBe(contract.error.issues[0]!.message);
      }
    }
    expect(ModerationTexts.reasonRequired).toBe('Reason is required');
  });
});
