import type { Nodes, Root } from 'mdast';
import { MAX_TREE_DEPTH } from '../limits.js';

/** The text of a subtree, without recursion. */
function flatText(node: Nodes): string {
  let text = '';
  const stack: Nodes[] = [node];
  while (stack.length > 0) {
    const n = stack.pop() as Nodes;
    if ('value' in n && typeof n.value === 'string') text += n.value;
    if ('children' in n)
      for (let i = n.children.length - 1; i >= 0; i--) stack.push(n.children[i] as Nodes);
  }
  return text;
}

/**
 * Replaces subtrees below MAX_TREE_DEPTH by their text, so later (recursive) steps and React
 * never nest deeper than that, whatever got past tameMarkdown.
 */
export function remarkDepthLimit() {
  return (tree: Root) => {
    const stack: Array<[Nodes, number]> = [[tree, 0]];
    while (stack.length > 0) {
      const [node, depth] = stack.pop() as [Nodes, number];
      if (!('children' in node)) continue;
      const children = node.children as Nodes[];
      for (let i = 0; i < children.length; i++) {
        const child = children[i] as Nodes;
        if (depth + 1 >= MAX_TREE_DEPTH && 'children' in child) {
          children[i] = { type: 'text', value: flatText(child) };
        } else {
          stack.push([child, depth + 1]);
        }
      }
    }
  };
}
