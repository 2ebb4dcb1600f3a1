import { describe, expect, it } from 'vitest';
import { SPOILER_PLACEHOLDER, toPlainText } from './plain.js';

describe('toPlainText', () => {
  it('strips markup and collapses whitespace', () => {
    expect(
      toPlainText(
        '# Title\n\nSome **bold**, _italic_ and ~~old~~ text.\n\n- one\n- two\n\n> quoted',
        200,
      ),
    ).toBe('Title Some bold, italic and old text. one two quoted');
  });

  it('keeps link text, image alt text, autolink URLs and code as text', () => {
    expect(
      toPlainText('[docs](https://x.example) ![a cat](https://x/cat.png) <https://y.example>', 200),
    ).toBe('docs a cat https://y.example');
    expect(toPlainText('run `npm test` now\n\n```\nconst a = 1;\n```', 200)).toBe(
      'run npm test now const a = 1;',
    );
  });

  it('never shows spoiler text', () => {
    const text = toPlainText('The butler >!did it!< and >!**also** this!<.', 200);
    expect(text).toBe(`The butler ${SPOILER_PLACEHOLDER} and ${SPOILER_PLACEHOLDER} .`);
    expect(toPlainText('>!at the start!< of a line', 200)).toBe(`${SPOILER_PLACEHOLDER} of a line`);
    expect(toPlainText('`>!in code!<`', 200)).toBe('>!in code!<');
  });

  it('keeps the text around spoilers and links whole', () => {
    expect(toPlainText('a >!secret!< and [x](https://e.com) b', 200)).toBe(
      `a ${SPOILER_PLACEHOLDER} and x b`,
    );
    expect(toPlainText('>!x!< [c](https://x)', 200)).toBe(`${SPOILER_PLACEHOLDER} c`);
    expect(toPlainText('[evil link](javascript:alert(1)) after', 200)).toBe('evil link after');
    expect(toPlainText('![alt text](https://e.com/a.png) after', 200)).toBe('alt text after');
  });

  it('never shows a spoiler that the source budget cut open', () => {
    // Little text in 1,000 characters of markup: the budget (1,000) ends inside the spoiler.
    const source = `${'*'.repeat(980)}lead >!the secret ending!<`;
    const text = toPlainText(source, 100);
    expect(text).toContain('lead');
    expect(text).not.toContain('secret');
  });

  it('cuts to maxChars with an ellipsis, like the previews before it', () => {
    expect(toPlainText('a'.repeat(200), 200)).toBe('a'.repeat(200));
    expect(toPlainText('a'.repeat(201), 200)).toBe(`${'a'.repeat(200)}…`);
    expect(toPlainText(`${'word '.repeat(40)}end`, 150)).toBe(`${'word '.repeat(30).trimEnd()}…`);
  });

  it('counts code points and never cuts a surrogate pair in half', () => {
    const emoji = '😀'.repeat(10);
    expect(toPlainText(emoji, 10)).toBe(emoji);
    expect(toPlainText(emoji, 3)).toBe('😀😀😀…');
  });

  it('is empty for empty input and bounded for huge input', () => {
    expect(toPlainText('', 200)).toBe('');
    expect(toPlainText(null, 200)).toBe('');
    expect(toPlainText('['.repeat(50_000), 300).length).toBeLessThanOrEqual(301);
    expect(toPlainText('*'.repeat(50_000), 300).length).toBeLessThanOrEqual(301);
  });
});
