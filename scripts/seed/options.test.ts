import { describe, expect, it } from 'vitest';
import { parseSeedArgs } from './options.js';

describe('parseSeedArgs', () => {
  it('has small defaults aimed at the local stack', () => {
    expect(parseSeedArgs([])).toMatchObject({
      url: 'http://localhost:8080',
      users: 50,
      communities: 10,
      posts: 500,
      comments: 3000,
      help: false,
    });
  });

  it('reads sizes in both flag forms', () => {
    const o = parseSeedArgs([
      '--users',
      '200',
      '--posts=5000',
      '--comments',
      '50000',
      '--url=http://h:1/',
    ]);
    expect(o).toMatchObject({
      users: 200,
      posts: 5000,
      comments: 50000,
      communities: 40,
      url: 'http://h:1',
    });
  });

  it('refuses bad numbers and unknown flags', () => {
    expect(() => parseSeedArgs(['--users', '1'])).toThrow(/at least 2/);
    expect(() => parseSeedArgs(['--posts', 'many'])).toThrow();
    expect(() => parseSeedArgs(['--nope'])).toThrow(/unknown option/);
    expect(() => parseSeedArgs(['--url', 'ftp://x'])).toThrow();
  });
});
