import { describe, expect, it } from 'vitest';
import { AccountDataTexts, AuthMessages, NOTIFICATION_TYPES } from '@forum/contracts';
import { confirmsDeletion, DeleteAccountForm, exportFilename } from './accountData';
import { formatBlockedDate } from './format';
import { ChangePasswordForm, confirmationMismatch } from './passwordForm';
import { NOTIFICATION_LABELS, NOTIFICATION_SETTINGS_ORDER } from './settingsTexts';

describe('notification labels', () => {
  it('list every notification type once, in the switches order', () => {
    expect([...NOTIFICATION_SETTINGS_ORDER].sort()).toEqual([...NOTIFICATION_TYPES].sort());
  });

  it('are distinct human words, not the type names', () => {
    const labels = NOTIFICATION_TYPES.map((t) => NOTIFICATION_LABELS[t]);
    expect(new Set(labels).size).toBe(NOTIFICATION_TYPES.length);
    for (const [type, label] of Object.entries(NOTIFICATION_LABELS)) {
      expect(label.trim().length, type).toBeGreaterThan(3);
      expect(label, type).not.toMatch(/_/);
    }
  });
});

describe('the password form', () => {
  const valid = { current_password: 'x', new_password: 'N3wPassword', confirm_password: '' };

  it('applies spec §5 rules to the new password only', () => {
    const weak = ChangePasswordForm.safeParse({ ...valid, new_password: 'alllowercase1' });
    expect(weak.success).toBe(false);
    expect(weak.error?.issues.map((i) => i.message)).toEqual([AuthMessages.passwordTooWeak]);
    const short = ChangePasswordForm.safeParse({ ...valid, new_password: 'Ab1' });
    expect(short.error?.issues[0]?.message).toBe(AuthMessages.passwordTooShort);
    // The current one is whatever the account has: any non-empty text.
    expect(ChangePasswordForm.safeParse({ ...valid, current_password: 'a' }).success).toBe(true);
    expect(ChangePasswordForm.safeParse({ ...valid, current_password: '' }).success).toBe(false);
  });

  it('flags a confirmation that differs: on submit always, while typing once typed', () => {
    const typed = { new_password: 'N3wPassword', confirm_password: 'N3wPass' };
    const empty = { new_password: 'N3wPassword', confirm_password: '' };
    const same = { new_password: 'N3wPassword', confirm_password: 'N3wPassword' };
    expect(confirmationMismatch(typed, false)).toBe(true);
    expect(confirmationMismatch(empty, false)).toBe(false);
    expect(confirmationMismatch(empty, true)).toBe(true);
    expect(confirmationMismatch(same, true)).toBe(false);
  });
});

describe('formatBlockedDate', () => {
  it('shows the calendar date, and nothing for a broken value', () => {
    expect(formatBlockedDate('2026-03-12T10:00:00.000Z', 'en-GB')).toBe('12 Mar 2026');
    expect(formatBlockedDate('not a date', 'en-GB')).toBe('');
  });
});

describe('account deletion', () => {
  it('is confirmed only by the exact phrase', () => {
    expect(AccountDataTexts.deleteConfirmation).toBe('delete my account');
    expect(confirmsDeletion('delete my account')).toBe(true);
    for (const typed of [
      '',
      'delete my',
      'Delete my account',
      'delete my account ',
      ' delete my account',
    ]) {
      expect(confirmsDeletion(typed), JSON.stringify(typed)).toBe(false);
    }
  });

  it('sends the password and delete_content; an empty password is refused before sending', () => {
    const ok = DeleteAccountForm.safeParse({
      password: 'x',
      delete_content: true,
      confirmation: 'delete my account',
    });
    expect(ok.success).toBe(true);
    const empty = DeleteAccountForm.safeParse({
      password: '',
      delete_content: false,
      confirmation: '',
    });
    expect(empty.error?.issues.map((i) => i.path[0])).toEqual(['password']);
  });
});

describe('exportFilename', () => {
  it("names the file like the gateway's Content-Disposition, with the export's date", () => {
    expect(exportFilename('alice42', '2026-03-12T23:59:59.000Z')).toBe(
      'account-export-alice42-2026-03-12.json',
    );
    // A name never breaks out of the file name.
    expect(exportFilename('../evil"', '2026-03-12T00:00:00.000Z')).toBe(
      'account-export-evil-2026-03-12.json',
    );
  });
});
