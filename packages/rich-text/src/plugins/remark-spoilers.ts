import type { Blockquote, Nodes, Parent, PhrasingContent, Root, RootContent, Text } from 'mdast';
import type { Spoiler } from '../mdast-nodes.js';

const OPEN = '>!';
const CLOSE = '!<';

const text = (value: string): Text => ({ type: 'text', value });

function spoiler(children: PhrasingContent[]): Spoiler {
  return { type: 'spoiler', children, data: { hName: 'span', hProperties: { dataSpoiler: '' } } };
}

/**
 * CommonMark reads `>!text!<` at the start of a line as a block quote of `!text!<`; when the
 * quoted paragraph starts with `!` and holds a `!<`, it was a spoiler: put the `>` back.
 */
function unquoteSpoiler(node: RootContent): RootContent[] | null {
  if (node.type !== 'blockquote') return null;
  const first = (node as Blockquote).children[0];
  if (first?.type !== 'paragraph') return null;
  const lead = first.children[0];
  if (lead?.type !== 'text' || !lead.value.startsWith('!')) return null;
  if (!first.children.some((c) => c.type === 'text' && c.value.includes(CLOSE))) return null;
  lead.value = `>${lead.value}`;
  return node.children;
}

/** Wraps `>!...!<` runs among siblings (they may span emphasis, code and links) in spoilers. */
function wrapSpoilers(children: PhrasingContent[]): PhrasingContent[] {
  const out: PhrasingContent[] = [];
  const queue = [...children];
  while (queue.length > 0) {
    const node = queue.shift() as PhrasingContent;
    const open = node.type === 'text' ? node.value.indexOf(OPEN) : -1;
    if (node.type !== 'text' || open < 0) {
      out.push(node);
      continue;
    }
    const before = node.value.slice(0, open);
    const after = node.value.slice(open + OPEN.length);
    const sameClose = after.indexOf(CLOSE);
    if (sameClose > 0) {
      if (before) out.push(text(before));
      out.push(spoiler([text(after.slice(0, sameClose))]));
      queue.unshift(text(after.slice(sameClose + CLOSE.length)));
      continue;
    }
    if (sameClose === 0) {
      // `>!!<` hides nothing: it stays text.
      out.push(text(node.value.slice(0, open + OPEN.length + CLOSE.length)));
      queue.unshift(text(after.slice(CLOSE.length)));
      continue;
    }
    const j = queue.findIndex((n) => n.type === 'text' && n.value.includes(CLOSE));
    if (j < 0) {
      // No closer after this opener, so none for any later one either: the rest stays as it was.
      out.push(node, ...queue);
      break;
    }
    const closer = queue[j] as Text;
    const close = closer.value.indexOf(CLOSE);
    const inside = [
      ...(after ? [text(after)] : []),
      ...queue.slice(0, j),
      ...(close > 0 ? [text(closer.value.slice(0, close))] : []),
    ];
    if (before) out.push(text(before));
    out.push(spoiler(inside));
    queue.splice(0, j + 1, text(closer.value.slice(close + CLOSE.length)));
  }
  return out.filter((n) => n.type !== 'text' || n.value !== '');
}

/** `>!text!<` becomes a spoiler node (inline; within one paragraph). */
export function remarkSpoilers() {
  return (tree: Root) => {
    const stack: Nodes[] = [tree];
    while (stack.length > 0) {
      const parent = stack.pop() as Parent;
      const children: RootContent[] = [];
      for (const child of parent.children) children.push(...(unquoteSpoiler(child) ?? [child]));
      const hasText = children.some((c) => c.type === 'text' && c.value.includes(OPEN));
      parent.children = hasText ? wrapSpoilers(children as PhrasingContent[]) : children;
      for (const child of parent.children) if ('children' in child) stack.push(child);
    }
  };
}
