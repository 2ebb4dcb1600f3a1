import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveUnderRoot } from './safe-path.js';

const root = path.resolve('/srv/shell');

describe('resolveUnderRoot', () => {
  it('maps plain paths below the root', () => {
    expect(resolveUnderRoot(root, '/static/js/main.1234abcd.js')).toBe(
      path.join(root, 'static', 'js', 'main.1234abcd.js'),
    );
  });

  it.each([
    '/../etc/passwd',
    '/%2e%2e/%2e%2e/etc/passwd',
    '/static/..%2f..%2fetc/passwd',
    '/a%5c..%5cb',
    '/.env',
    '/%00',
    '/%E0%A4%A',
    '/',
  ])('refuses %s', (p) => {
    expect(resolveUnderRoot(root, p)).toBeUndefined();
  });
});
