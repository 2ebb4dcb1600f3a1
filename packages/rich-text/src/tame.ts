import { MAX_EMPHASIS_RUNS, MAX_LINE_CONTAINERS, MAX_MARKDOWN_CHARS } from './limits.js';

export interface TamedSource {
  /** The source to parse: container markers past the line limit are escaped. */
  source: string;
  /** False when the source has so many `*`/`_` runs that emphasis parsing could take seconds. */
  emphasis: boolean;
  /** True when the source is too long to parse at all: show it as plain text. */
  tooLong: boolean;
}

// One container marker at the start of a line: `>` or a bullet / ordered marker and a space.
const CONTAINER = /^[ \t]*(?:>|(?:[-+*]|\d{1,9}[.)])(?=[ \t]|$))/;

/** Escapes the markers that would nest containers deeper than MAX_LINE_CONTAINERS on one line. */
function capContainers(line: string): string {
  let at = 0;
  for (let count = 0; ; count++) {
    const match = CONTAINER.exec(line.slice(at));
    if (!match) return line;
    if (count === MAX_LINE_CONTAINERS) {
      // `\>`, `\-` and `1\.` are literal text; a backslash before a digit would show.
      const marker = at + match[0].search(/[^ \t\d]/);
      return `${line.slice(0, marker)}\\${line.slice(marker)}`;
    }
    at += match[0].length;
  }
}

/** Makes a source safe to hand to the parser (see limits.ts for why). */
export function tameMarkdown(markdown: string): TamedSource {
  if (markdown.length > MAX_MARKDOWN_CHARS) {
    return { source: markdown, emphasis: false, tooLong: true };
  }
  const source = markdown.split('\n').map(capContainers).join('\n');
  let runs = 0;
  for (const _ of source.matchAll(/\*+|_+/g)) if (++runs > MAX_EMPHASIS_RUNS) break;
  return { source, emphasis: runs <= MAX_EMPHASIS_RUNS, tooLong: false };
}
