import { describe, expect, it } from 'vitest';
import { NOTIFICATION_TYPES } from './notifications.js';
import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  NotificationPreferenceTexts,
  NotificationPreferences,
  UpdateNotificationPreferencesRequest,
} from './notification-preferences.js';

const firstError = (body: unknown) => {
  const result = UpdateNotificationPreferencesRequest.safeParse(body);
  return result.success ? null : result.error.issues[0]!.message;
};

describe('notification preferences (EXTENSIONS §B2)', () => {
  it('names every notification type, all on by default', () => {
    expect(Object.keys(NotificationPreferences.shape).sort()).toEqual(
      [...NOTIFICATION_TYPES].sort(),
    );
    expect(Object.values(DEFAULT_NOTIFICATION_PREFERENCES).every((on) => on === true)).toBe(true);
    expect(NotificationPreferences.parse(DEFAULT_NOTIFICATION_PREFERENCES)).toEqual(
      DEFAULT_NOTIFICATION_PREFERENCES,
    );
  });

  it('takes any of the types and refuses the rest with its own texts', () => {
    expect(UpdateNotificationPreferencesRequest.parse({ post_vote: false })).toEqual({
      post_vote: false,
    });
    expect(firstError({ nope: true })).toBe(NotificationPreferenceTexts.unknownType);
    expect(firstError({ post_vote: 'no' })).toBe(NotificationPreferenceTexts.notBoolean);
    expect(firstError(null)).toBe(NotificationPreferenceTexts.notBoolean);
    expect(firstError({})).toBe(NotificationPreferenceTexts.empty);
  });
});
