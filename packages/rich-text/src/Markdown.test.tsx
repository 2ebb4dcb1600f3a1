import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { render } from './render-test-utils.js';

const wrap = (inner: string) => `<div class="rt-markdown">${inner}</div>`;
const REL = 'rel="nofollow ugc noopener"';

describe('Markdown', () => {
  it('renders inline formatting', () => {
    expect(render('**bold** *italic* _also_ ~~gone~~ `x < y`')).toBe(
      wrap(
        '<p><strong>bold</strong> <em>italic</em> <em>also</em> <del>gone</del> <code>x &lt; y</code></p>',
      ),
    );
  });

  it('renders lists, quotes and code blocks', () => {
    const html = render(
      '- one\n- two\n\n3. three\n4. four\n\n> quoted\n\n```js\nconst a = 1;\n```\n\n    indented',
    );
    expect(html).toContain('<ul>\n<li>one</li>\n<li>two</li>\n</ul>');
    expect(html).toContain('<ol start="3">\n<li>three</li>\n<li>four</li>\n</ol>');
    expect(html).toContain('<blockquote>\n<p>quoted</p>\n</blockquote>');
    expect(html).toContain('<pre><code class="language-js">const a = 1;\n</code></pre>');
    expect(html).toContain('<pre><code>indented\n</code></pre>');
  });

  it('starts headings at h3 (the page has its own h1 and h2)', () => {
    expect(render('# One\n## Two\n#### Four')).toBe(
      wrap(
        '<h3 class="rt-heading">One</h3>\n<h4 class="rt-heading">Two</h4>\n<h6 class="rt-heading">Four</h6>',
      ),
    );
  });

  it('links http, https and mailto with rel and no target', () => {
    expect(render('[site](https://example.com/a?b=1) [mail](mailto:a@example.com)')).toBe(
      wrap(
        `<p><a href="https://example.com/a?b=1" ${REL}>site</a> <a href="mailto:a@example.com" ${REL}>mail</a></p>`,
      ),
    );
  });

  it('autolinks bare URLs, www. and <...> forms', () => {
    const html = render('see https://example.com, www.example.org and <http://example.net/x>.');
    expect(html).toBe(
      wrap(
        `<p>see <a href="https://example.com/" ${REL}>https://example.com</a>, <a href="http://www.example.org/" ${REL}>www.example.org</a> and <a href="http://example.net/x" ${REL}>http://example.net/x</a>.</p>`,
      ),
    );
  });

  it('resolves reference links', () => {
    expect(render('[docs][d]\n\n[d]: https://example.com/docs "Docs"')).toBe(
      wrap(`<p><a href="https://example.com/docs" ${REL} title="Docs">docs</a></p>`),
    );
  });

  it('keeps single newlines as line breaks, as the pre-wrap plain text did', () => {
    expect(render('line one\nline two\n\nnew paragraph')).toBe(
      wrap('<p>line one<br/>\nline two</p>\n<p>new paragraph</p>'),
    );
  });

  it('renders plain text written before Markdown as it was', () => {
    expect(render('Hello there, how are you?\nFine: 3 < 4 & 5 > 2.')).toBe(
      wrap('<p>Hello there, how are you?<br/>\nFine: 3 &lt; 4 &amp; 5 &gt; 2.</p>'),
    );
  });

  it('shows a source longer than the limit as plain text', () => {
    const html = render(`**${'x'.repeat(25_000)}**`);
    expect(html.startsWith(wrap('<p class="rt-plain">**xxx').slice(0, -6))).toBe(true);
  });
});

describe('spoilers', () => {
  const spoiler = (id: string, inner: string) =>
    `<span class="rt-spoiler" data-open="false"><button type="button" class="rt-spoiler__toggle" aria-expanded="false" aria-controls="${id}">Spoiler</button><span id="${id}" class="rt-spoiler__content" hidden="">${inner}</span></span>`;

  it('hides >!text!< behind a button, inline and at the start of a line', () => {
    const html = render('Ending: >!he dies!< sadly');
    expect(html).toMatch(/^<div class="rt-markdown"><p>Ending: <span class="rt-spoiler"/);
    const id = /aria-controls="([^"]+)"/.exec(html)?.[1] ?? '';
    expect(html).toBe(wrap(`<p>Ending: ${spoiler(id, 'he dies')} sadly</p>`));
    const start = render('>!at the start!< of a line');
    const startId = /aria-controls="([^"]+)"/.exec(start)?.[1] ?? '';
    expect(start).toBe(wrap(`<p>${spoiler(startId, 'at the start')} of a line</p>`));
  });

  it('may hold formatting and links', () => {
    const html = render('>!**bold** and [a link](https://example.com)!<');
    expect(html).toContain(
      `hidden=""><strong>bold</strong> and <a href="https://example.com/" ${REL}>a link</a></span>`,
    );
  });

  it('finds several per line and spans line breaks', () => {
    const html = render('a >!one!< b >!two!< c >!three\nlines!< d');
    expect(html.match(/class="rt-spoiler"/g)).toHaveLength(3);
    expect(html).toContain('hidden="">three<br/>\nlines</span></span> d</p>');
  });

  it('keeps quotes quotes, and unclosed or empty markers text', () => {
    expect(render('> just a quote')).toBe(wrap('<blockquote>\n<p>just a quote</p>\n</blockquote>'));
    expect(render('a >! b')).toBe(wrap('<p>a &gt;! b</p>'));
    expect(render('a >!!< b')).toBe(wrap('<p>a &gt;!!&lt; b</p>'));
    expect(render('`>!code!<`')).toBe(wrap('<p><code>&gt;!code!&lt;</code></p>'));
  });
});

describe('mentions', () => {
  it('links u/name and c/name', () => {
    expect(render('hi u/Alice and c/rust_lang!')).toBe(
      wrap(
        '<p>hi <a href="/u/Alice" class="rt-mention rt-mention--u">u/Alice</a> and <a href="/c/rust_lang" class="rt-mention rt-mention--c">c/rust_lang</a>!</p>',
      ),
    );
  });

  it('skips code, links, paths and names that break the rules', () => {
    const html = render(
      '`u/alice` [u/bob](https://x.example) https://x.example/u/carol a/u/dave u/ab u/bad_name u/' +
        'x'.repeat(51) +
        '\n```\nc/code\n```',
    );
    expect(html).not.toContain('rt-mention');
  });

  it('renders through renderMentionLink', () => {
    const renderMentionLink = ({ to, children }: { to: string; children: ReactNode }) => (
      <a data-router={to}>{children}</a>
    );
    expect(render('u/alice', { renderMentionLink })).toBe(
      wrap('<p><a data-router="/u/alice">u/alice</a></p>'),
    );
  });
});
