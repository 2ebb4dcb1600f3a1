import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { HttpError } from '../errors.js';
import { classifyError } from './error-handler.js';

const httpLike = (status: number, extra: Record<string, unknown> = {}) =>
  Object.assign(new Error('message from a library'), { status, expose: status < 500, ...extra });

describe('classifyError', () => {
  it('HttpError keeps status, message and details; 5xx count as unexpected', () => {
    expect(classifyError(new HttpError(404, 'Post not found'))).toEqual({
      status: 404,
      body: { error: 'Post not found' },
      unexpected: false,
    });
    expect(classifyError(new HttpError(400, 'Bad', ['a', 'b'])).body).toEqual({
      error: 'Bad',
      details: ['a', 'b'],
    });
    expect(classifyError(new HttpError(400, 'Bad', [])).body).toEqual({ error: 'Bad' });
    expect(classifyError(new HttpError(503, 'Database unavailable')).unexpected).toBe(true);
    const down = new HttpError(503, 'Service unavailable', undefined, { expected: true });
    expect(classifyError(down)).toEqual({
      status: 503,
      body: { error: 'Service unavailable' },
      unexpected: false,
    });
  });

  it('ZodError -> 400 with every issue message', () => {
    const result = z
      .object({ a: z.string('a must be text'), b: z.number('b must be a number') })
      .safeParse({});
    expect(classifyError(result.error)).toEqual({
      status: 400,
      body: { error: 'Validation failed', details: ['a must be text', 'b must be a number'] },
      unexpected: false,
    });
  });

  it('body parser errors: too large, malformed JSON, bad encoding', () => {
    expect(classifyError(httpLike(413, { type: 'entity.too.large' })).body).toEqual({
      error: 'Request body too large',
    });
    expect(classifyError(httpLike(400, { type: 'entity.parse.failed' })).body).toEqual({
      error: 'Malformed JSON body',
    });
    const syntax = Object.assign(new SyntaxError('Unexpected end'), { status: 400 });
    expect(classifyError(syntax).body).toEqual({ error: 'Malformed JSON body' });
    expect(classifyError(httpLike(415, { type: 'encoding.unsupported' })).status).toBe(415);
  });

  it('other exposed 4xx keep their message', () => {
    expect(classifyError(httpLike(405)).body).toEqual({ error: 'message from a library' });
  });

  it('anything else -> 500 without internals', () => {
    for (const err of [
      new Error('connection string mongodb://user:pw@host'),
      httpLike(502),
      'a string',
      null,
    ]) {
      expect(classifyError(err)).toEqual({
        status: 500,
        body: { error: 'Internal server error' },
        unexpected: true,
      });
    }
  });
});
