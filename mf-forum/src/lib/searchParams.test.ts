import { describe, expect, it } from 'vitest';
import { parseSearch, withParam } from './searchParams';

describe('parseSearch', () => {
  it('reads q (trimmed), type, sort and community', () => {
    const params = new URLSearchParams('q=%20cats%20&type=comments&sort=top&community=pets');
    expect(parseSearch(params)).toEqual({
      q: 'cats',
      type: 'comments',
      sort: 'top',
      community: 'pets',
    });
  });

  it('defaults: posts by relevance, everywhere', () => {
    expect(parseSearch(new URLSearchParams(''))).toEqual({
      q: '',
      type: 'posts',
      sort: 'relevance',
      community: null,
    });
  });

  it('unknown values fall back to the defaults', () => {
    const params = new URLSearchParams('q=x&type=videos&sort=hot&community=');
    expect(parseSearch(params)).toMatchObject({
      type: 'posts',
      sort: 'relevance',
      community: null,
    });
  });
});

describe('withParam', () => {
  it('sets one parameter and keeps the others', () => {
    const params = new URLSearchParams('q=cats&type=users');
    expect(withParam(params, 'type', 'posts').toString()).toBe('q=cats&type=posts');
    expect(params.toString()).toBe('q=cats&type=users');
  });

  it('null removes it', () => {
    const params = new URLSearchParams('q=cats&community=pets');
    expect(withParam(params, 'community', null).toString()).toBe('q=cats');
  });
});
