import { describe, expect, it } from 'vitest';
import { plainPreviewText } from './display';
import { highlightSegments } from './highlightSegments';
import type { Range } from './highlightSegments';

/** Segments as a string with the marked parts in [brackets]. */
const show = (raw: string, ranges: Range[], max?: number, markdown = false) =>
  highlightSegments(raw, ranges, { max, markdown })
    .map((s) => (s.marked ? `[${s.text}]` : s.text))
    .join('');

describe('highlightSegments', () => {
  it('marks the ranges and keeps the rest plain', () => {
    expect(
      highlightSegments('running late again', [
        [0, 7],
        [13, 18],
      ]),
    ).toEqual([
      { text: 'running', marked: true },
      { text: ' late ', marked: false },
      { text: 'again', marked: true },
    ]);
  });

  it('no ranges: one plain segment; empty text: none', () => {
    expect(highlightSegments('plain', [])).toEqual([{ text: 'plain', marked: false }]);
    expect(highlightSegments('', [])).toEqual([]);
  });

  it('markup is stripped as the lists strip it, and the ranges still land on their words', () => {
    const raw = 'a <b>bold</b> <<i>script> cat';
    const cat = raw.indexOf('cat');
    const bold = raw.indexOf('bold');
    expect(
      show(raw, [
        [bold, bold + 4],
        [cat, cat + 3],
      ]),
    ).toBe('a [bold] [cat]');
  });

  it.each(['<p>Hi</p>\n\n<script>x</script> there', 'a < b and c > d', '<unclosed tail', ' \0x '])(
    'the text is exactly what the lists show: %j',
    (raw) => {
      const text = highlightSegments(raw, [[0, raw.length]])
        .map((s) => s.text)
        .join('');
      expect(text).toBe(plainPreviewText(raw));
    },
  );

  it('a range over stripped markup marks only what is shown', () => {
    const raw = 'x<em>y</em>z';
    expect(show(raw, [[0, raw.length]])).toBe('[xyz]');
  });

  it('whitespace is collapsed and trimmed, offsets after it still right', () => {
    const raw = '  one\n\n\ttwo   three ';
    const three = raw.indexOf('three');
    expect(show(raw, [[three, three + 5]])).toBe('one two [three]');
  });

  it('ranges past the end of the text are cut to it', () => {
    expect(show('abc', [[1, 99]])).toBe('a[bc]');
  });

  it('a preview is cut at max with an ellipsis when the match is early', () => {
    const raw = `match ${'word '.repeat(40)}`;
    const result = show(raw, [[0, 5]], 30);
    expect(result.startsWith('[match] word')).toBe(true);
    expect(result.endsWith('word…')).toBe(true);
    expect(result.replace(/[[\]]/g, '').length).toBeLessThanOrEqual(31);
  });

  it('a late match moves the preview to start a word shortly before it', () => {
    const words = Array.from({ length: 60 }, (_, i) => `w${i}`).join(' ');
    const raw = `${words} needle ${words}`;
    const at = raw.indexOf('needle');
    const result = show(raw, [[at, at + 6]], 80);
    expect(result.startsWith('…w')).toBe(true);
    expect(result).toContain('[needle] w0 w1');
    expect(result.endsWith('…')).toBe(true);
    // Starts on a word boundary, within 40 characters before the match.
    const before = result.slice(1, result.indexOf('['));
    expect(before.length).toBeLessThanOrEqual(40);
    expect(raw).toContain(` ${before}needle`);
  });

  it('texts with characters outside the BMP keep UTF-16 offsets', () => {
    const raw = '😀 café';
    const at = raw.indexOf('café');
    expect(show(raw, [[at, at + 4]])).toBe('😀 [café]');
  });

  describe('Markdown content', () => {
    const md = (raw: string, words: string[], max?: number) =>
      show(
        raw,
        words.map((w) => {
          const at = raw.indexOf(w);
          return [at, at + w.length] as const;
        }),
        max,
        true,
      );

    it('leaves the syntax out and keeps the marks on their words', () => {
      expect(md('# Title\n\nSome **bold** and _em_ text', ['bold', 'text'])).toBe(
        'Title Some [bold] and em [text]',
      );
      expect(md('> quoted\n- item one\n1. first `code`', ['item', 'code'])).toBe(
        'quoted [item] one first [code]',
      );
      expect(md('see [the docs](https://x.y/a_(b)) now', ['docs', 'now'])).toBe(
        'see the [docs] [now]',
      );
      expect(md('a ![pic](https://x.y/p.png) and \\*stars\\*', ['stars'])).toBe(
        'a pic and *[stars]*',
      );
      expect(md('snake_case stays', ['case'])).toBe('snake_[case] stays');
    });

    it("a spoiler's text is never shown, even when it matched", () => {
      const raw = 'before >!the secret word!< after';
      const result = md(raw, ['secret', 'after']);
      expect(result).toBe('before [spoiler] [after]');
      expect(md('>!at the start!< of a line', ['start'])).toBe('[spoiler] of a line');
      expect(md('two\n>!lines of\nsecret!< here', ['secret'])).toBe('two [spoiler] here');
    });

    it('a late match in a long text still moves the window, past a spoiler', () => {
      const filler = 'word '.repeat(80);
      const raw = `>!hidden!< ${filler} **needle** tail`;
      const result = md(raw, ['needle'], 60);
      expect(result).toContain('[needle] tail');
      expect(result).not.toContain('hidden');
    });

    it('titles (markdown off) keep their characters', () => {
      expect(show('a *b* c', [[3, 4]])).toBe('a *[b]* c');
    });

    it('hostile input stays fast', () => {
      const started = performance.now();
      for (const raw of ['>!a '.repeat(10_000), '[a '.repeat(10_000), '](x '.repeat(10_000)]) {
        md(raw, ['a'], 300);
      }
      expect(performance.now() - started).toBeLessThan(2_000);
    });
  });
});
