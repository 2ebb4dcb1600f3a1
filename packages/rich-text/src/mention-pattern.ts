import type { Nodes, Parent, Text } from 'mdast';

/** Spec §5 usernames: 3-50 letters and digits. */
const USER = /^[A-Za-z0-9]{3,50}$/;
/** Community names (packages/contracts CommunityName): 3-50 letters, digits and underscores. */
const COMMUNITY = /^[A-Za-z0-9_]{3,50}$/;
/**
 * `u/` or `c/` not glued to a word or path before it, then the longest name-like run; a run that
 * breaks the name rules (too long, `_` in a username) is no mention at all, not a shorter one.
 */
const CANDIDATE = /(^|[^A-Za-z0-9_/])([uc])\/([A-Za-z0-9_]+)/g;

export interface MentionMatch {
  kind: 'u' | 'c';
  name: string;
  /** Offsets of `u/name` in the text. */
  start: number;
  end: number;
}

export function matchMentions(text: string): MentionMatch[] {
  const found: MentionMatch[] = [];
  for (const m of text.matchAll(CANDIDATE)) {
    const kind = m[2] as 'u' | 'c';
    const name = m[3] ?? '';
    if (!(kind === 'u' ? USER : COMMUNITY).test(name)) continue;
    const start = m.index + (m[1] ?? '').length;
    found.push({ kind, name, start, end: start + 2 + name.length });
  }
  return found;
}

/** Node types whose text is never a mention: already a link, or literal code. */
const OPAQUE = new Set(['link', 'linkReference', 'inlineCode', 'code', 'html']);

/** Every text node outside links and code with its parent, in document order (no recursion). */
export function* textsOutsideLinks(tree: Nodes): Generator<[Text, Parent]> {
  const stack: Array<[Nodes, Parent | null]> = [[tree, null]];
  while (stack.length > 0) {
    const [node, parent] = stack.pop() as [Nodes, Parent | null];
    if (node.type === 'text' && parent) yield [node, parent];
    if (OPAQUE.has(node.type) || !('children' in node)) continue;
    for (let i = node.children.length - 1; i >= 0; i--)
      stack.push([node.children[i] as Nodes, node]);
  }
}
