import { describe, expect, it } from 'vitest';
import { SEARCH_MIN_CHARS } from '@forum/contracts';
import {
  SEARCH_MIN_LENGTH,
  communityOfPath,
  isTypingTarget,
  searchHref,
  suggestionOptions,
} from './searchOptions';

it('suggests from as many characters as the search routes take', () => {
  expect(SEARCH_MIN_LENGTH).toBe(SEARCH_MIN_CHARS);
});

describe('searchHref', () => {
  it('encodes the query', () => {
    expect(searchHref('cats & "dogs"')).toBe('/search?q=cats+%26+%22dogs%22');
  });
  it('a community search asks for posts of that community', () => {
    expect(searchHref('rust', 'dev talk')).toBe('/search?q=rust&type=posts&community=dev+talk');
  });
});

describe('communityOfPath', () => {
  it.each([
    ['/c/general', 'general'],
    ['/c/general/modlog', 'general'],
    ['/c/caf%C3%A9', 'café'],
  ])('%s -> %s', (path, name) => {
    expect(communityOfPath(path)).toBe(name);
  });
  it.each(['/', '/communities', '/u/alice', '/c/', '/c/%E0%A4%A'])('%s -> null', (path) => {
    expect(communityOfPath(path)).toBeNull();
  });
});

describe('suggestionOptions', () => {
  const communities = [
    { name: 'cats', member_count: 1 },
    { name: 'cat pics', member_count: 12 },
  ];
  const users = [{ username: 'catlover' }];

  it('search first, then communities, then users, each linking to its page', () => {
    expect(suggestionOptions('cat', null, communities, users)).toEqual([
      { group: 'search', label: 'Search for "cat"', to: '/search?q=cat' },
      { group: 'communities', label: 'c/cats', to: '/c/cats', detail: '1 member' },
      { group: 'communities', label: 'c/cat pics', to: '/c/cat%20pics', detail: '12 members' },
      { group: 'users', label: 'u/catlover', to: '/u/catlover' },
    ]);
  });

  it('on a community page, the second option searches that community', () => {
    const options = suggestionOptions('cat', 'pets', [], []);
    expect(options.map((o) => [o.label, o.to])).toEqual([
      ['Search for "cat"', '/search?q=cat'],
      ['Search c/pets', '/search?q=cat&type=posts&community=pets'],
    ]);
  });
});

describe('isTypingTarget', () => {
  const el = (tagName: string, isContentEditable = false) =>
    ({ tagName, isContentEditable }) as unknown as EventTarget;
  it.each(['INPUT', 'TEXTAREA', 'SELECT'])('%s is typing', (tag) => {
    expect(isTypingTarget(el(tag))).toBe(true);
  });
  it('editable content is typing', () => {
    expect(isTypingTarget(el('DIV', true))).toBe(true);
  });
  it('a button, the body or nothing is not', () => {
    expect(isTypingTarget(el('BUTTON'))).toBe(false);
    expect(isTypingTarget(el('BODY'))).toBe(false);
    expect(isTypingTarget(null)).toBe(false);
  });
});
