import { SPOILER_PLACEHOLDER } from '@forum/rich-text/plain';
import { rewrite, type Mapped } from './mappedText';

/**
 * Markdown syntax a search snippet leaves out, line by line: code fences, thematic breaks,
 * reference definitions, and the markers that open headings, quotes and list items (a `>` that
 * opens a spoiler `>!` stays for the inline pass).
 */
const BLOCK_SYNTAX =
  /^[ \t]*(?:`{3,}|~{3,}).*$|^[ \t]*([-*_])(?:[ \t]*\1){2,}[ \t]*$|^[ \t]{0,3}\[[^\]\n]{1,300}\]:.*$|^(?:[ \t]*(?:>(?!!)|[-*+](?=[ \t])|\d{1,9}[.)](?=[ \t])|#{1,6}(?=[ \t]|$))[ \t]*)+/gm;

/**
 * Inline syntax, in one left-to-right pass. Each alternative ends its scan at a bounded or unique
 * place, so hostile input stays linear: a spoiler stops at the next `>!` or `!<`, a link's
 * brackets look at most 300 characters ahead, a destination at most 500.
 */
const INLINE_SYNTAX = new RegExp(
  [
    />!(?:(?!>!|!<)[\s\S])*!</.source, // a spoiler: its text never shows
    /!?\[(?=[^\]\n]{0,300}\](?:\(|\[))/.source, // a link's or image's opening bracket
    /\]\((?:[^()\n]|\([^()\n]*\)){0,500}\)/.source, // ](destination), one level of parentheses
    /\]\[[^\]\n]{0,300}\]/.source, // ][reference]
    /\\[!-/:-@[-`{-~]/.source, // a backslash escape: the character stays
    /`+|\*+|~~+|(?<![\p{L}\p{N}])_+|_+(?![\p{L}\p{N}])/u.source, // code and emphasis markers
  ].join('|'),
  'gu',
);

/**
 * `input` (already stripped of tags) without its Markdown syntax, approximately as
 * @forum/rich-text/plain's toPlainText shows it, with the mapping kept: spoilers become
 * '[spoiler]' (mapped to their `>!`, so a match inside one is never marked), links keep their
 * text, markers go.
 */
export function withoutMarkdown(input: Mapped): Mapped {
  const blocks = rewrite(input, BLOCK_SYNTAX);
  return rewrite(blocks, INLINE_SYNTAX, (match) => {
    const found = match[0];
    if (found.startsWith('>!')) return ` ${SPOILER_PLACEHOLDER} `;
    if (found.startsWith('\\')) return { keepFrom: 1 };
    return null;
  });
}
