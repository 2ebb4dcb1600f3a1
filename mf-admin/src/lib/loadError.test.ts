import { describe, expect, it } from 'vitest';
import { ApiError } from '@forum/sdk';
import { TEXTS } from '../texts';
import { isForbidden, loadError } from './loadError';

const http = (status: number, serverMessage?: string) =>
  new ApiError({
    status,
    message: serverMessage ?? `Request failed with status ${status}`,
    serverMessage,
  });

describe('admin error texts (spec §8)', () => {
  it('has the spec texts', () => {
    expect(TEXTS).toMatchObject({
      stats: 'Failed to load platform statistics',
      users: 'Failed to load users data',
      communities: 'Failed to load communities data',
      daily: 'Failed to load daily user statistics',
      initial: 'Failed to load admin data',
      denied: 'Access denied. Admin privileges required.',
    });
  });

  it('shows the access-denied text on a 403', () => {
    const err = http(403, 'Access denied. Admin privileges required.');
    expect(isForbidden(err)).toBe(true);
    expect(loadError(err, TEXTS.initial)).toEqual({ title: TEXTS.denied });
    expect(loadError(http(403), TEXTS.users)).toEqual({ title: TEXTS.denied });
  });

  it('shows the fallback, with the server error as detail when there is one', () => {
    expect(loadError(http(500), TEXTS.initial)).toEqual({ title: TEXTS.initial });
    expect(loadError(http(503, 'Service unavailable'), TEXTS.initial)).toEqual({
      title: TEXTS.initial,
      detail: 'Service unavailable',
    });
    expect(loadError(new Error('boom'), TEXTS.users)).toEqual({ title: TEXTS.users });
    const timeout = new ApiError({ status: 0, code: 'TIMEOUT', message: 'slow' });
    expect(loadError(timeout, TEXTS.communities)).toEqual({ title: TEXTS.communities });
    expect(isForbidden(timeout)).toBe(false);
  });
});
