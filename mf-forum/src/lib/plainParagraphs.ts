import { toPlainText } from '@forum/rich-text/plain';

/** Blank lines separate paragraphs, as in Markdown. */
const PARAGRAPH_BREAK = /\n[ \t]*\n/;

/**
 * A spoiler (within a paragraph, possibly over several lines). Each match stops at the next `>!`
 * or `!<`, so a scan is linear even with many unclosed openers.
 */
const SPOILER = />!(?:(?!>!|!<)[\s\S])*!</g;

/** Longer texts are not parsed by the renderer either (@forum/rich-text's limit). */
const MAX_CHARS = 20_000;

/**
 * What full content shows while the Markdown renderer's chunk loads: its paragraphs and lines
 * (as the rendered text breaks them) without markup, each spoiler as '[spoiler]'.
 */
export function plainParagraphs(markdown: string): string[][] {
  return markdown
    .slice(0, MAX_CHARS)
    .split(PARAGRAPH_BREAK)
    .map((block) =>
      block
        // One line each, so toPlainText (line by line) still sees them as spoilers.
        .replace(SPOILER, '>!!<')
        .split('\n')
        .map((line) => toPlainText(line, MAX_CHARS))
        .filter((line) => line !== ''),
    )
    .filter((lines) => lines.length > 0);
}
