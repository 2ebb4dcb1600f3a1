import { describe, expect, it } from 'vitest';
import {
  HttpError,
  badRequest,
  conflict,
  forbidden,
  gatewayTimeout,
  notFound,
  serviceUnavailable,
  unauthorized,
} from './errors.js';

describe('HttpError helpers', () => {
  it('carry status, message and details', () => {
    expect(notFound('Post not found')).toMatchObject({ status: 404, message: 'Post not found' });
    expect(forbidden().status).toBe(403);
    expect(unauthorized().message).toBe('Authentication required');
    expect(conflict('Taken', ['username']).details).toEqual(['username']);
    expect(badRequest()).toBeInstanceOf(HttpError);
  });
});

describe('HttpError cause and expected', () => {
  it('keeps the cause; expected defaults to status < 500', () => {
    const cause = new Error('ECONNREFUSED');
    const err = new HttpError(502, 'Bad gateway', undefined, { cause });
    expect(err.cause).toBe(cause);
    expect(err.expected).toBe(false);
    expect(new HttpError(404, 'x').expected).toBe(true);
    expect(new HttpError(400, 'x', undefined, { expected: false }).expected).toBe(false);
    expect(new HttpError(503, 'x', undefined, { expected: true }).expected).toBe(true);
  });

  it('serviceUnavailable and gatewayTimeout are expected unless told otherwise', () => {
    expect(serviceUnavailable()).toMatchObject({ status: 503, expected: true });
    expect(gatewayTimeout()).toMatchObject({
      status: 504,
      message: 'Upstream timeout',
      expected: true,
    });
    expect(serviceUnavailable('Database unavailable', { expected: false }).expected).toBe(false);
  });
});
