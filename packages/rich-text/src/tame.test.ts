import { describe, expect, it } from 'vitest';
import { MAX_EMPHASIS_RUNS, MAX_LINE_CONTAINERS, MAX_MARKDOWN_CHARS } from './limits.js';
import { tameMarkdown } from './tame.js';

describe('tameMarkdown', () => {
  it('leaves ordinary text alone', () => {
    const source = '> quote\n- a\n  - b\n1. one\n**bold** and _it_';
    expect(tameMarkdown(source)).toEqual({ source, emphasis: true, tooLong: false });
  });

  it('escapes container markers past the per-line limit', () => {
    const deep = '> '.repeat(MAX_LINE_CONTAINERS + 3) + 'x';
    expect(tameMarkdown(deep).source).toBe(
      `${'> '.repeat(MAX_LINE_CONTAINERS)}\\${'> '.repeat(3)}x`,
    );
    const list = '- '.repeat(MAX_LINE_CONTAINERS) + '1. x';
    expect(tameMarkdown(list).source).toBe(`${'- '.repeat(MAX_LINE_CONTAINERS)}1\\. x`);
  });

  it('turns emphasis off past the run limit and gives up past the length limit', () => {
    expect(tameMarkdown('*_'.repeat(MAX_EMPHASIS_RUNS)).emphasis).toBe(false);
    expect(tameMarkdown('x'.repeat(MAX_MARKDOWN_CHARS + 1)).tooLong).toBe(true);
  });
});
