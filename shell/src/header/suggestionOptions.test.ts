import { describe, expect, it } from 'vitest';
import { communityOfPath, suggestionOptions } from './suggestionOptions';

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
