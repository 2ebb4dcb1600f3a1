import { describe, expect, it } from 'vitest';
import { SEARCH_MIN_CHARS } from '@forum/contracts';
import { SEARCH_MIN_LENGTH, isTypingTarget, optionId, searchHref } from './searchOptions';

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

it('option ids are the listbox id and the index', () => {
  expect(optionId('lb', 3)).toBe('lb-3');
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
