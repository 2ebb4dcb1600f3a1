/**
 * `@forum/rich-text/plain`: previews for lists. Small on purpose (it is in the first paint of the
 * home page): regular expressions, not the parser, so it approximates what Markdown shows.
 */
import removeMarkdown from 'remove-markdown';

/** Spoiler text must not leak into previews. */
export const SPOILER_PLACEHOLDER = '[spoiler]';

/** Stands for a spoiler until the markup is gone (a private-use character nobody types). */
const SENTINEL = '\uE000';

/** `[label](destination)` with at most one level of parentheses inside the destination. */
const INLINE_LINK = /(!?)\[([^[\]]*)\]\((?:[^()\s]|\([^()\s]*\))*(?:\s+"[^"]*")?\)/g;

/** A preview never looks at more source than this many times its length (bounds the regexes). */
const SOURCE_PER_CHAR = 10;

/** Code spans stay as they are; spoilers outside them become the placeholder. */
const CODE_OR_SPOILER = /(`+)[\s\S]*?\1|>!([\s\S]*?)!</g;

/**
 * The text of `markdown` without its markup, whitespace collapsed to single spaces, cut to at most
 * `maxChars` characters (code points, never half a surrogate pair) plus "…" where it was cut.
 */
export function toPlainText(markdown: string | null | undefined, maxChars: number): string {
  if (!markdown) return '';
  const budget = Math.max(maxChars * SOURCE_PER_CHAR, 1_000);
  const source = markdown.length > budget ? markdown.slice(0, budget) : markdown;
  // Spoilers become a private-use sentinel first: a literal "[spoiler]" next to a "[" would read
  // as a reference link to remove-markdown.
  let withoutSpoilers = source.replace(CODE_OR_SPOILER, (all, _ticks, spoiler) =>
    spoiler === undefined ? all : ` ${SENTINEL} `,
  );
  // A spoiler the budget cut open would show its text: hide what follows its opening too.
  if (source !== markdown) withoutSpoilers = withoutSpoilers.replace(/>![\s\S]*$/, ` ${SENTINEL}`);
  const prepared = withoutSpoilers
    // remove-markdown drops everything in <...>: keep the URL of an autolink like <https://x>.
    .replace(/<((?:https?|mailto):[^<>\s]*)>/gi, '$1')
    // Inline links keep their text; a destination with parentheses ("alert(1)") would otherwise
    // leave its tail behind.
    .replace(INLINE_LINK, (all, bang: string, label: string) => (bang ? all : label));
  const text = removeMarkdown(prepared, { gfm: true, useImgAltText: true })
    .replaceAll(SENTINEL, SPOILER_PLACEHOLDER)
    .replace(/\s+/g, ' ')
    .trim();
  return cut(text, maxChars, source !== markdown);
}

function cut(text: string, maxChars: number, sourceCut: boolean): string {
  let end = 0;
  for (let count = 0; count < maxChars && end < text.length; count++) {
    end += (text.codePointAt(end) ?? 0) > 0xffff ? 2 : 1;
  }
  if (end >= text.length && !sourceCut) return text;
  return `${text.slice(0, end).trimEnd()}…`;
}
