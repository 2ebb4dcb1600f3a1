/**
 * What each toolbar button does to the textarea's text, as a pure function of (text, selection):
 * the editor applies the result with `setRangeText`, so this file has no DOM and is unit-tested.
 */

export type FormatAction = 'bold' | 'italic' | 'link' | 'quote' | 'code' | 'list' | 'spoiler';

/** Replace `text[start, end)` with `insert`, then select `[selectionStart, selectionEnd)` (absolute). */
export interface TextEdit {
  start: number;
  end: number;
  insert: string;
  selectionStart: number;
  selectionEnd: number;
}

interface InlineMarker {
  open: string;
  close: string;
  placeholder: string;
}

const INLINE: Record<'bold' | 'italic' | 'code' | 'spoiler', InlineMarker> = {
  bold: { open: '**', close: '**', placeholder: 'bold text' },
  // `*`, not `_`: CommonMark ignores `_` inside a word (foo_bar_baz), `*` works there too.
  italic: { open: '*', close: '*', placeholder: 'italic text' },
  code: { open: '`', close: '`', placeholder: 'code' },
  spoiler: { open: '>!', close: '!<', placeholder: 'spoiler' },
};

const LINE_PREFIX = {
  quote: { prefix: '> ', placeholder: 'quote' },
  list: { prefix: '- ', placeholder: 'list item' },
} as const;

const LINK_TEXT = 'link text';
const LINK_URL = 'https://';

export function formatSelection(
  text: string,
  selectionStart: number,
  selectionEnd: number,
  action: FormatAction,
): TextEdit {
  const start = clamp(Math.min(selectionStart, selectionEnd), text.length);
  const end = clamp(Math.max(selectionStart, selectionEnd), text.length);
  switch (action) {
    case 'quote':
    case 'list':
      return prefixLines(text, start, end, LINE_PREFIX[action]);
    case 'link':
      return link(text, start, end);
    case 'code':
      return text.slice(start, end).includes('\n')
        ? codeBlock(text, start, end)
        : wrapInline(text, start, end, INLINE.code);
    default:
      return wrapInline(text, start, end, INLINE[action]);
  }
}

function clamp(n: number, max: number): number {
  return Math.max(0, Math.min(Number.isFinite(n) ? n : 0, max));
}

/** `**word **` is not bold: the markers go around the selection without its outer whitespace. */
function trimRange(text: string, start: number, end: number): [number, number] {
  while (start < end && /\s/.test(text[start]!)) start++;
  while (end > start && /\s/.test(text[end - 1]!)) end--;
  return [start, end];
}

/** For `*`: a run of 1 or 3 around the selection is italic (2 is bold, which italic must not eat). */
function markerAround(text: string, start: number, end: number, m: InlineMarker): boolean {
  if (text.slice(start - m.open.length, start) !== m.open) return false;
  if (text.slice(end, end + m.close.length) !== m.close) return false;
  if (m.open !== '*') return true;
  const runBefore = /\**$/.exec(text.slice(0, start))![0].length;
  const runAfter = /^\**/.exec(text.slice(end))![0].length;
  return runBefore % 2 === 1 && runAfter % 2 === 1;
}

function markerInside(selected: string, m: InlineMarker): boolean {
  const min = m.open.length + m.close.length;
  if (selected.length <= min || !selected.startsWith(m.open) || !selected.endsWith(m.close)) {
    return false;
  }
  if (m.open !== '*') return true;
  const inner = selected.slice(1, -1);
  // `**bold**` selected is bold, not italic around `*bold*`; `***both***` has italic to take off.
  return !(inner.startsWith('*') && !inner.startsWith('**')) || inner.startsWith('***');
}

function wrapInline(text: string, rawStart: number, rawEnd: number, m: InlineMarker): TextEdit {
  const [start, end] = rawStart === rawEnd ? [rawStart, rawEnd] : trimRange(text, rawStart, rawEnd);
  const selected = text.slice(start, end);

  if (selected === '') {
    // Nothing selected: a placeholder between the markers, selected so typing replaces it.
    const insert = m.open + m.placeholder + m.close;
    const at = start + m.open.length;
    return { start, end, insert, selectionStart: at, selectionEnd: at + m.placeholder.length };
  }
  // Toggle off: the markers are just outside the selection, or its first and last characters.
  if (markerAround(text, start, end, m)) {
    const s = start - m.open.length;
    return {
      start: s,
      end: end + m.close.length,
      insert: selected,
      selectionStart: s,
      selectionEnd: s + selected.length,
    };
  }
  if (markerInside(selected, m)) {
    const inner = selected.slice(m.open.length, selected.length - m.close.length);
    return { start, end, insert: inner, selectionStart: start, selectionEnd: start + inner.length };
  }
  // Inline markup cannot span a blank line: each line is wrapped on its own.
  const insert = selected
    .split('\n')
    .map((line) => {
      const [s, e] = trimRange(line, 0, line.length);
      return s === e
        ? line
        : line.slice(0, s) + m.open + line.slice(s, e) + m.close + line.slice(e);
    })
    .join('\n');
  const single = !selected.includes('\n');
  return {
    start,
    end,
    insert,
    // One line: the text stays selected inside its new markers; several: the whole result.
    selectionStart: single ? start + m.open.length : start,
    selectionEnd: single ? start + m.open.length + selected.length : start + insert.length,
  };
}

function link(text: string, rawStart: number, rawEnd: number): TextEdit {
  const [start, end] = rawStart === rawEnd ? [rawStart, rawEnd] : trimRange(text, rawStart, rawEnd);
  const selected = text.slice(start, end).replace(/\s*\n\s*/g, ' ');
  if (/^(?:https?:\/\/|mailto:)\S*$/i.test(selected)) {
    // A URL was selected: it becomes the target, the text to type is selected.
    const insert = `[${LINK_TEXT}](${selected})`;
    return {
      start,
      end,
      insert,
      selectionStart: start + 1,
      selectionEnd: start + 1 + LINK_TEXT.length,
    };
  }
  const label = selected === '' ? LINK_TEXT : selected;
  const insert = `[${label}](${LINK_URL})`;
  if (selected === '') {
    return {
      start,
      end,
      insert,
      selectionStart: start + 1,
      selectionEnd: start + 1 + label.length,
    };
  }
  // Text was selected: the URL is what is left to type.
  const urlAt = start + label.length + 3;
  return { start, end, insert, selectionStart: urlAt, selectionEnd: urlAt + LINK_URL.length };
}

/** Whole lines touched by the selection; a selection ending at a line's start leaves that line out. */
function lineRange(text: string, start: number, end: number): [number, number] {
  const lineStart = text.lastIndexOf('\n', start - 1) + 1;
  const last = end > start && text[end - 1] === '\n' ? end - 1 : end;
  const newline = text.indexOf('\n', last);
  return [lineStart, newline < 0 ? text.length : newline];
}

function prefixLines(
  text: string,
  start: number,
  end: number,
  { prefix, placeholder }: { prefix: string; placeholder: string },
): TextEdit {
  const [from, to] = lineRange(text, start, end);
  const block = text.slice(from, to);

  if (block.trim() === '') {
    // An empty line: the prefix and a selected placeholder.
    const insert = prefix + placeholder;
    return {
      start: from,
      end: to,
      insert,
      selectionStart: from + prefix.length,
      selectionEnd: from + insert.length,
    };
  }
  const lines = block.split('\n');
  const marker = prefix.trimEnd();
  const filled = lines.filter((l) => l.trim() !== '');
  const allPrefixed = filled.every((l) => l.startsWith(marker));
  const insert = lines
    .map((line) => {
      if (allPrefixed) {
        // Toggle off: `> text` and `>text` both lose their marker.
        return line.startsWith(prefix) ? line.slice(prefix.length) : line.slice(marker.length);
      }
      // A blank line inside a quote keeps the quote going; in a list it stays blank.
      if (line.trim() === '') return prefix === '> ' ? '>' : line;
      return prefix + line;
    })
    .join('\n');
  return { start: from, end: to, insert, selectionStart: from, selectionEnd: from + insert.length };
}

function codeBlock(text: string, start: number, end: number): TextEdit {
  const [from, to] = lineRange(text, start, end);
  const block = text.slice(from, to);
  const fenced = /^(`{3,})[^`\n]*\n([\s\S]*)\n\1$/.exec(block);
  if (fenced) {
    const inner = fenced[2]!;
    return {
      start: from,
      end: to,
      insert: inner,
      selectionStart: from,
      selectionEnd: from + inner.length,
    };
  }
  // A fence longer than any backtick run inside, so the code cannot close it early.
  const longest = Math.max(0, ...(block.match(/`+/g) ?? []).map((r) => r.length));
  const ticks = '`'.repeat(Math.max(3, longest + 1));
  const insert = `${ticks}\n${block}\n${ticks}`;
  const at = from + ticks.length + 1;
  return { start: from, end: to, insert, selectionStart: at, selectionEnd: at + block.length };
}

/** `text` after the edit (what the textarea holds once `setRangeText` ran). */
export function applyEdit(text: string, edit: TextEdit): string {
  return text.slice(0, edit.start) + edit.insert + text.slice(edit.end);
}
