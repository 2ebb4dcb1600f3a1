import { describe, expect, it } from 'vitest';
import { BOMBS, HOSTILE } from './hostile-corpus.js';
import { render, startTags } from './render-test-utils.js';

const TAGS = new Set([
  ...['div', 'p', 'br', 'strong', 'em', 'del', 'a', 'code', 'pre', 'blockquote', 'hr', 'ul'],
  ...['ol', 'li', 'h3', 'h4', 'h5', 'h6', 'span', 'button'],
]);
const ATTRIBUTES = new Set([
  ...['class', 'href', 'rel', 'title', 'start', 'type', 'id', 'hidden'],
  ...['aria-expanded', 'aria-controls', 'data-open'],
]);

/** The output may only hold the elements and attributes the renderer makes itself. */
function assertSafe(html: string) {
  expect(html).not.toMatch(
    /<(script|img|iframe|svg|object|embed|style|form|input|math|base|meta)\b/i,
  );
  for (const { name, attributes } of startTags(html)) {
    expect(TAGS, `<${name}> in ${html}`).toContain(name);
    for (const [attribute, value] of Object.entries(attributes)) {
      expect(ATTRIBUTES, `${attribute} on <${name}> in ${html}`).toContain(attribute);
      expect(value).not.toMatch(/javascript:|vbscript:|data:/i);
    }
    if (name === 'a') {
      const href = attributes.href ?? '';
      // Mentions are the only links the renderer points inside the site.
      if (!/^\/[uc]\/\w+$/.test(href)) {
        expect(href).toMatch(/^(https?:\/\/[^/]|mailto:)/);
        expect(attributes.rel).toBe('nofollow ugc noopener');
      }
    }
  }
}

describe('Markdown with hostile input', () => {
  it.each(HOSTILE.map((s) => [s]))(
    'renders %j without script, frames, images or bad links',
    (source) => {
      assertSafe(render(source));
    },
  );

  it('shows raw HTML as text, not as elements', () => {
    expect(render('<b>bold?</b> <script>alert(1)</script>')).toBe(
      '<div class="rt-markdown"><p>&lt;b&gt;bold?&lt;/b&gt; &lt;script&gt;alert(1)&lt;/script&gt;</p></div>',
    );
    expect(render('<div onclick="x()">\nblock\n</div>')).toContain(
      '&lt;div onclick=&quot;x()&quot;&gt;',
    );
  });

  it('shows a link with a refused scheme as its text', () => {
    expect(render('[click me](javascript:alert(1)) and [mail](vbscript:x)')).toBe(
      '<div class="rt-markdown"><p>click me and mail</p></div>',
    );
    expect(render('[rel](/c/rust) [proto](//evil.example)')).toBe(
      '<div class="rt-markdown"><p>rel proto</p></div>',
    );
  });

  it('decodes entities before it judges a scheme', () => {
    const html = render('[x](jav&#x61;script:alert(1)) [y](&#x6A;avascript&colon;alert(1))');
    expect(html).toBe('<div class="rt-markdown"><p>x y</p></div>');
  });

  it('loads no image: an allowed URL becomes a link labelled with the alt text, others the alt', () => {
    expect(render('![a cat](https://img.example/cat.png "Cat")')).toBe(
      '<div class="rt-markdown"><p><a href="https://img.example/cat.png" rel="nofollow ugc noopener" title="Cat">a cat</a></p></div>',
    );
    expect(render('![](https://img.example/cat.png)')).toContain(
      '>https://img.example/cat.png</a>',
    );
    expect(render('![alt text](javascript:alert(1))')).toBe(
      '<div class="rt-markdown"><p>alt text</p></div>',
    );
    expect(render('![](data:image/png;base64,AAAA)')).toBe(
      '<div class="rt-markdown"><p></p></div>',
    );
  });

  it.each(Object.entries(BOMBS))(
    'finishes %s with bounded, safe output',
    (_name, source) => {
      const html = render(source);
      expect(html.length).toBeLessThan(10 * source.length + 10_000);
      assertSafe(html);
    },
    60_000,
  );

  it('keeps the text of a bomb: 50,000 `>` and `[` show as written', () => {
    expect(render(BOMBS.brackets ?? '')).toContain('['.repeat(1000));
    expect(render('> '.repeat(20) + 'deep')).toContain('deep');
  });
});
