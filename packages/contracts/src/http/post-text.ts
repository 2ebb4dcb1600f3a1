import { z } from '../zod.js';

/**
 * Stored text is plain text (spec §5 "all shown text is stripped of markup"). The rule: every
 * `<...>` sequence that opens like a tag (a letter, `/`, `!` or `?` right after `<`) is removed,
 * an unclosed one up to the end of the text; NUL characters are dropped. "a < b" stays as written.
 * Renderers must still treat the text as text: this is hygiene, not an output encoding.
 */
export function stripMarkup(value: string): string {
  // Repeat until stable so nested fragments like "<<b>script>" cannot reassemble a tag.
  let previous: string;
  let current = value.replace(/\0/g, '');
  do {
    previous = current;
    current = current.replace(/<[A-Za-z!?/][^>]*(>|$)/g, '');
  } while (current !== previous);
  return current;
}

/** A string field that is stripped of markup and trimmed before its rules apply. */
export const plainText = <S extends z.ZodType<unknown, string>>(typeError: string, rules: S) =>
  z
    .string({ error: typeError })
    .transform((v) => stripMarkup(v).trim())
    .pipe(rules);
