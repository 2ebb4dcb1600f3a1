import { describe, expect, it } from 'vitest';
import { applyEdit, formatSelection, type FormatAction } from './format-selection.js';

/**
 * `[` and `]` in `marked` are the selection (or the caret when adjacent); the result is written the
 * same way, so each case reads as before -> after.
 */
function run(marked: string, action: FormatAction): string {
  const start = marked.indexOf('[');
  const end = marked.indexOf(']') - 1;
  const text = marked.replace('[', '').replace(']', '');
  const edit = formatSelection(text, start, end, action);
  const after = applyEdit(text, edit);
  return (
    after.slice(0, edit.selectionStart) +
    '[' +
    after.slice(edit.selectionStart, edit.selectionEnd) +
    ']' +
    after.slice(edit.selectionEnd)
  );
}

describe('formatSelection: inline markers', () => {
  it('wraps the selection and keeps it selected', () => {
    expect(run('say [hello] there', 'bold')).toBe('say **[hello]** there');
    expect(run('say [hello] there', 'italic')).toBe('say *[hello]* there');
    expect(run('run [npm ci] now', 'code')).toBe('run `[npm ci]` now');
    expect(run('it was [the butler]', 'spoiler')).toBe('it was >![the butler]!<');
  });

  it('inserts a selected placeholder when nothing is selected', () => {
    expect(run('a []b', 'bold')).toBe('a **[bold text]**b');
    expect(run('[]', 'italic')).toBe('*[italic text]*');
    expect(run('[]', 'spoiler')).toBe('>![spoiler]!<');
    expect(run('[]', 'code')).toBe('`[code]`');
  });

  it('leaves surrounding whitespace outside the markers', () => {
    expect(run('a[ word ]b', 'bold')).toBe('a **[word]** b');
  });

  it('toggles off when the markers are just outside the selection', () => {
    expect(run('say **[hello]** there', 'bold')).toBe('say [hello] there');
    expect(run('say *[hello]* there', 'italic')).toBe('say [hello] there');
    expect(run('>![x]!<', 'spoiler')).toBe('[x]');
  });

  it('toggles off when the selection includes the markers', () => {
    expect(run('say [**hello**] there', 'bold')).toBe('say [hello] there');
    expect(run('[`x`]', 'code')).toBe('[x]');
  });

  it('italic does not eat one star of bold', () => {
    expect(run('**[bold]**', 'italic')).toBe('***[bold]***');
    expect(run('[**bold**]', 'italic')).toBe('*[**bold**]*');
    expect(run('***[both]***', 'italic')).toBe('**[both]**');
  });

  it('wraps each line of a multi-line selection on its own', () => {
    expect(run('[one\n\ntwo]', 'bold')).toBe('[**one**\n\n**two**]');
  });
});

describe('formatSelection: links', () => {
  it('makes the selection the text and selects the URL to type', () => {
    expect(run('see [the docs] here', 'link')).toBe('see [the docs]([https://]) here');
  });

  it('inserts a link with its text selected when nothing is selected', () => {
    expect(run('go []', 'link')).toBe('go [[link text]](https://)');
  });

  it('makes a selected URL the target and selects the text to type', () => {
    expect(run('[https://example.com/a]', 'link')).toBe('[[link text]](https://example.com/a)');
  });
});

describe('formatSelection: line prefixes', () => {
  it('prefixes every selected line, whole lines', () => {
    expect(run('intro\nfi[rst\nsec]ond\nlast', 'list')).toBe('intro\n[- first\n- second]\nlast');
    expect(run('fi[rst\nsecond]', 'quote')).toBe('[> first\n> second]');
  });

  it('prefixes the caret line when nothing is selected', () => {
    expect(run('a\nwor[]d\nb', 'quote')).toBe('a\n[> word]\nb');
  });

  it('keeps a quote going over a blank line, a list skips it', () => {
    expect(run('[a\n\nb]', 'quote')).toBe('[> a\n>\n> b]');
    expect(run('[a\n\nb]', 'list')).toBe('[- a\n\n- b]');
  });

  it('leaves out the line a selection ends at the start of', () => {
    expect(run('[one\n]two', 'list')).toBe('[- one]\ntwo');
  });

  it('toggles off when every line already has the prefix', () => {
    expect(run('[- a\n- b]', 'list')).toBe('[a\nb]');
    expect(run('[> a\n>\n> b]', 'quote')).toBe('[a\n\nb]');
  });

  it('inserts the prefix and a selected placeholder on an empty line', () => {
    expect(run('text\n[]', 'list')).toBe('text\n- [list item]');
    expect(run('[]', 'quote')).toBe('> [quote]');
  });
});

describe('formatSelection: code blocks', () => {
  it('fences a multi-line selection', () => {
    expect(run('[a\nb]', 'code')).toBe('```\n[a\nb]\n```');
  });

  it('uses a fence longer than any backtick run inside', () => {
    expect(run('[a ````\nb]', 'code')).toBe('`````\n[a ````\nb]\n`````');
  });

  it('removes a fence around the selected lines', () => {
    expect(run('[```\na\nb\n```]', 'code')).toBe('[a\nb]');
  });
});

describe('formatSelection: odd selections', () => {
  it('clamps and orders the selection', () => {
    const edit = formatSelection('abc', 99, -5, 'bold');
    expect(applyEdit('abc', edit)).toBe('**abc**');
  });
});
