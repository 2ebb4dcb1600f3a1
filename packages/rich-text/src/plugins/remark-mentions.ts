import type { PhrasingContent, Root } from 'mdast';
import type { Mention } from '../mdast-nodes.js';
import { matchMentions, textsOutsideLinks } from '../mention-pattern.js';

/** `u/name` and `c/name` outside links and code become mention nodes. */
export function remarkMentions() {
  return (tree: Root) => {
    for (const [text, parent] of [...textsOutsideLinks(tree)]) {
      const matches = matchMentions(text.value);
      if (matches.length === 0) continue;
      const parts: PhrasingContent[] = [];
      let at = 0;
      for (const { kind, name, start, end } of matches) {
        if (start > at) parts.push({ type: 'text', value: text.value.slice(at, start) });
        const mention: Mention = {
          type: 'mention',
          kind,
          name,
          children: [{ type: 'text', value: text.value.slice(start, end) }],
          data: { hName: 'span', hProperties: { dataMention: kind, dataName: name } },
        };
        parts.push(mention);
        at = end;
      }
      if (at < text.value.length) parts.push({ type: 'text', value: text.value.slice(at) });
      const children = parent.children as PhrasingContent[];
      children.splice(children.indexOf(text), 1, ...parts);
    }
  };
}
