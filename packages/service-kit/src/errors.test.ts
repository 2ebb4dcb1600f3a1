import { describe, expect, it } from 'vitest';
import { HttpError, badRequest, conflict, forbidden, notFound, unauthorized } from './errors.js';

describe('HttpError helpers', () => {
  it('carry status, message and details', () => {
    expect(notFound('Post not found')).toMatchObject({ status: 404, message: 'Post not found' });
    expect(forbidden().status).toBe(403);
    expect(unauthorized().message).toBe('Authentication required');
    expect(conflict('Taken', ['username']).details).toEqual(['username']);
    expect(badRequest()).toBeInstanceOf(HttpError);
  });
});
