/**
 * Text rewritten step by step while remembering, per code unit, which index of the original text
 * it came from: search highlights are ranges of the raw text and must land on the shown words.
 */
export interface Mapped {
  text: string;
  from: number[];
}

export function mapped(raw: string): Mapped {
  return { text: raw, from: Array.from({ length: raw.length }, (_, i) => i) };
}

/**
 * What a match becomes: removed (`null`), a text standing in for it (its code units map to the
 * match's start), or the match from this offset on (`{ keepFrom }`, mappings kept).
 */
export type Replacement = null | string | { keepFrom: number };

/** Replaces every match of `pattern` (global) as `replace` says. */
export function rewrite(
  input: Mapped,
  pattern: RegExp,
  replace: (match: RegExpExecArray) => Replacement = () => null,
): Mapped {
  let text = '';
  const from: number[] = [];
  let at = 0;
  for (const match of input.text.matchAll(pattern)) {
    const start = match.index;
    text += input.text.slice(at, start);
    from.push(...input.from.slice(at, start));
    const replacement = replace(match);
    if (typeof replacement === 'string') {
      text += replacement;
      for (let k = 0; k < replacement.length; k++) from.push(input.from[start]!);
    } else if (replacement) {
      const keep = start + replacement.keepFrom;
      text += input.text.slice(keep, start + match[0].length);
      from.push(...input.from.slice(keep, start + match[0].length));
    }
    at = start + match[0].length;
  }
  text += input.text.slice(at);
  from.push(...input.from.slice(at));
  return { text, from };
}
